import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useAppActor } from "../actors/context.tsx";
import { useActiveLocale } from "../actors/hooks.ts";

/** Offers the other language, named in that language, as the switch. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t } = useLingui();
  const localeActor = useAppActor("locale");
  const active = useActiveLocale();
  const busy = useSelector(localeActor, (state) => state.hasTag("loading"));
  const next = active === "ar" ? "en" : "ar";
  return (
    <button
      type="button"
      className={`lang-switch ${className}`}
      lang={next}
      aria-busy={busy}
      disabled={busy}
      title={t`Change language`}
      onClick={() => localeActor.send({ type: "locale.change", locale: next })}
    >
      {next === "ar" ? "العربية" : "English"}
    </button>
  );
}

import { useEffect } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";

/** Spec: the translated page title followed by the product name. */
export function DocumentTitle({ title }: { title: MessageDescriptor }) {
  const { i18n, t } = useLingui();
  const text = `${i18n._(title)} | ${t`Sarraf`}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}

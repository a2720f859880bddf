import { useEffect } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";

/** The head's description (and its Open Graph copy, when the page's HTML has one), kept with the page. */
function setDescription(text: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = text;
  document.head.querySelector<HTMLMetaElement>('meta[property="og:description"]')?.setAttribute("content", text);
}

/** Spec: the translated page title followed by the product name; and the page's description (issue 28). */
export function DocumentTitle({ title, description }: { title: MessageDescriptor; description?: MessageDescriptor }) {
  const { i18n, t } = useLingui();
  const text = `${i18n._(title)} | ${t`Sarraf`}`;
  const about = description ? i18n._(description) : null;
  useEffect(() => {
    document.title = text;
    document.head.querySelector<HTMLMetaElement>('meta[property="og:title"]')?.setAttribute("content", text);
    if (about !== null) setDescription(about);
  }, [text, about]);
  return null;
}

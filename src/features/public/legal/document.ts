import type { MessageDescriptor } from "@lingui/core";

/** A paragraph, or a bulleted list of short items. */
export type LegalBlock = MessageDescriptor | { list: readonly MessageDescriptor[] };

/** One numbered part of a legal page: its anchor (for the contents and for links), heading and text. */
export interface LegalSection {
  id: string;
  title: MessageDescriptor;
  body: readonly LegalBlock[];
}

/** A legal page as data, so the text is translated through the catalogs and the page only lays it out. */
export interface LegalText {
  title: MessageDescriptor;
  lead: MessageDescriptor;
  sections: readonly LegalSection[];
}

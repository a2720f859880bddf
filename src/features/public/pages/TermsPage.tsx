import { LegalDocument } from "../legal/LegalDocument.tsx";
import { terms } from "../legal/terms.ts";

export default function TermsPage() {
  return <LegalDocument text={terms} />;
}

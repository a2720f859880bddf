import { LegalDocument } from "../legal/LegalDocument.tsx";
import { privacy } from "../legal/privacy.ts";

export default function PrivacyPage() {
  return <LegalDocument text={privacy} />;
}

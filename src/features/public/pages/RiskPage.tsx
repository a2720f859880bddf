import { LegalDocument } from "../legal/LegalDocument.tsx";
import { risk } from "../legal/risk.ts";

export default function RiskPage() {
  return <LegalDocument text={risk} />;
}

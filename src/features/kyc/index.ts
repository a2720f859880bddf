// What other features may use of identity verification: its status on the profile and the card-buy
// gate's explanation on the Buy page.
export { KycBuyGate, KycStatusCard } from "./components/KycStatusCard.tsx";

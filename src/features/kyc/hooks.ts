import { useMemo } from "react";
import type { KycCheck } from "../../../contract/index.ts";
import { kycMachine } from "../../../machines/kyc/kyc.machine.ts";
import type { KycTag } from "../../../machines/kyc/kyc.types.ts";
import { useAppCall } from "../../shared/actors/context.tsx";
import { useActorRef, useInSession, useSelector } from "../../shared/actors/hooks.ts";
import { kycCheckLogic, kycImplementations } from "./services/actors.ts";

/** The KYC page's machine, for the page's life. */
export function useKycMachine() {
  const call = useAppCall();
  const machine = useMemo(() => kycMachine.provide(kycImplementations({ call })), [call]);
  const actor = useInSession(useActorRef(machine));
  const tags = useSelector(actor, (state) => [...state.tags].sort().join(" "));
  return { actor, has: (tag: KycTag) => tags.split(" ").includes(tag) };
}

/** Where the user's verification stands, read once when shown; null while it loads or when it failed. */
export function useKycCheck(): KycCheck | null {
  const call = useAppCall();
  const logic = useMemo(() => kycCheckLogic(call), [call]);
  const actor = useInSession(useActorRef(logic));
  return useSelector(actor, (state) => (state.status === "done" ? state.output : null));
}

// The newsletter sign-up's machine, for the form's life. Apart from the contact page's hooks: the
// public footer embeds the sign-up on every page, and must not bring the contact form with it.
import { useMemo } from "react";
import { fromPromise } from "xstate";
import { newsletterSignupMachine } from "../../../../machines/contact/newsletterSignup.machine.ts";
import type { NewsletterTag } from "../../../../machines/contact/contact.types.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useActorRef, useSelector } from "../../../shared/actors/hooks.ts";
import { asker, tagsOf } from "./tags.ts";

export function useNewsletterSignup() {
  const call = useAppCall();
  const machine = useMemo(() => newsletterSignupMachine.provide({ actors: { subscribe: fromPromise(({ input }) => call("subscribe", input)) } }), [call]);
  const actor = useActorRef(machine);
  return { actor, has: asker<NewsletterTag>(useSelector(actor, tagsOf)) };
}

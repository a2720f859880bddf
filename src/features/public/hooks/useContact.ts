// The contact form's and the newsletter links' machines, one per view, for its life. A view asks
// only `has(tag)` and reads context through useSelector. (The sign-up's is apart: the footer loads it on every page.)
import { useMemo } from "react";
import { contactFormMachine } from "../../../../machines/contact/contactForm.machine.ts";
import { subscriptionLinkMachine } from "../../../../machines/contact/subscriptionLink.machine.ts";
import type { ContactTag, LinkInput, LinkTag } from "../../../../machines/contact/contact.types.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useActorRef, useSelector } from "../../../shared/actors/hooks.ts";
import { contactFormImplementations, subscriptionLinkImplementations } from "../services/contactActors.ts";

import { asker, tagsOf } from "./tags.ts";

export function useContactForm() {
  const call = useAppCall();
  const machine = useMemo(() => contactFormMachine.provide(contactFormImplementations(call)), [call]);
  const actor = useActorRef(machine);
  return { actor, has: asker<ContactTag>(useSelector(actor, tagsOf)) };
}

export function useSubscriptionLink(input: LinkInput) {
  const call = useAppCall();
  const machine = useMemo(() => subscriptionLinkMachine.provide(subscriptionLinkImplementations(call)), [call]);
  const actor = useActorRef(machine, { input });
  return { actor, has: asker<LinkTag>(useSelector(actor, tagsOf)) };
}

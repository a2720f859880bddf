// Contact and newsletter's machines, one per form or link page, for the view's life. A view asks
// only `has(tag)` and reads context through useSelector.
import { useMemo } from "react";
import { contactFormMachine } from "../../../../machines/contact/contactForm.machine.ts";
import { newsletterSignupMachine } from "../../../../machines/contact/newsletterSignup.machine.ts";
import { subscriptionLinkMachine } from "../../../../machines/contact/subscriptionLink.machine.ts";
import type { ContactTag, LinkInput, LinkTag, NewsletterTag } from "../../../../machines/contact/contact.types.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useActorRef, useSelector } from "../../../shared/actors/hooks.ts";
import { contactFormImplementations, newsletterImplementations, subscriptionLinkImplementations } from "../services/contactActors.ts";

const tagsOf = (state: { tags: Set<string> }) => [...state.tags].sort().join(" ");
const asker =
  <Tag extends string>(tags: string) =>
  (tag: Tag) =>
    tags.split(" ").includes(tag);

export function useContactForm() {
  const call = useAppCall();
  const machine = useMemo(() => contactFormMachine.provide(contactFormImplementations(call)), [call]);
  const actor = useActorRef(machine);
  return { actor, has: asker<ContactTag>(useSelector(actor, tagsOf)) };
}

export function useNewsletterSignup() {
  const call = useAppCall();
  const machine = useMemo(() => newsletterSignupMachine.provide(newsletterImplementations(call)), [call]);
  const actor = useActorRef(machine);
  return { actor, has: asker<NewsletterTag>(useSelector(actor, tagsOf)) };
}

export function useSubscriptionLink(input: LinkInput) {
  const call = useAppCall();
  const machine = useMemo(() => subscriptionLinkMachine.provide(subscriptionLinkImplementations(call)), [call]);
  const actor = useActorRef(machine, { input });
  return { actor, has: asker<LinkTag>(useSelector(actor, tagsOf)) };
}

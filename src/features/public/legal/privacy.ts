import { msg } from "@lingui/core/macro";
import type { LegalText } from "./document.ts";

// The Privacy Policy: what the product really keeps (server/modules/*/schema.ts and the browser's
// storage) and who else sees it. A change here is a new TERMS_VERSION (contract/legal.ts).
export const privacy: LegalText = {
  title: msg`Privacy Policy`,
  lead: msg`This policy explains what personal data Sarraf keeps about you, why, who else sees it, how long we keep it, and what you can ask of us.`,
  sections: [
    {
      id: "privacy-who",
      title: msg`Who is responsible`,
      body: [msg`Sarraf is responsible for the personal data described here. You can reach us at the address at the end of this page.`],
    },
    {
      id: "privacy-collect",
      title: msg`What we keep`,
      body: [
        {
          list: [
            msg`Your account: your name, e-mail address and language, and, if you choose a password, a one-way hash of it. We never store the password itself.`,
            msg`Your sign-ins: your sessions and the codes we e-mail you, both stored only as hashes, and how you sign in (password, e-mail code, Google, Apple or Facebook).`,
            msg`Security records: the network (IP) address and the time of sign-in attempts and code requests, to stop password guessing and abuse.`,
            msg`Identity checks: the documents, photos and details you submit, and the result of the check.`,
            msg`Your activity: your orders, balances, withdrawals and the wallet addresses you send crypto to.`,
            msg`Your consent: which version of our terms you accepted, and when.`,
            msg`How the site is used: the pages you open in Sarraf and, if you turn notifications on, a token for your device.`,
          ],
        },
      ],
    },
    {
      id: "privacy-why",
      title: msg`Why we use it`,
      body: [
        msg`We use your data to run your account and carry out your orders, to check your identity and prevent fraud and money laundering as the law requires, to keep Sarraf secure, and to improve it.`,
        msg`We do not sell your personal data, and we do not send you marketing e-mails unless you ask for them.`,
      ],
    },
    {
      id: "privacy-email",
      title: msg`E-mail`,
      body: [
        msg`We use your e-mail address to send you sign-in and confirmation codes, password reset codes, and notices about your account and its security. These e-mails are part of the service, so they cannot be turned off while you have an account.`,
      ],
    },
    {
      id: "privacy-sharing",
      title: msg`Who else sees it`,
      body: [
        {
          list: [
            msg`Our card on-ramp partner, when you buy with a card: what it needs to take the payment and check who is paying.`,
            msg`Our identity verification provider: the documents and details you submit to be verified.`,
            msg`Google, Apple or Facebook, only if you sign in with them: they tell us your name, your e-mail address and an identifier of your account with them. We never see your password there.`,
            msg`Companies that host our servers, deliver our e-mails and run optional features such as live chat and notifications, under contracts that limit what they may do with the data.`,
            msg`Authorities, when the law requires us to share it.`,
          ],
        },
      ],
    },
    {
      id: "privacy-retention",
      title: msg`How long we keep it`,
      body: [
        msg`We keep your account data while your account is open. After it is closed, we keep the records of identity checks and transactions for as long as the law requires (often five years), then delete them.`,
        msg`Expired sessions, used or expired codes and security records are deleted after a few days.`,
      ],
    },
    {
      id: "privacy-security",
      title: msg`How we protect it`,
      body: [
        msg`Passwords are stored only as slow one-way hashes; sessions and e-mail codes only as hashes. Connections to Sarraf are encrypted.`,
        msg`No system is perfectly safe. If a breach affects your data, we will tell you and the authorities as the law requires.`,
      ],
    },
    {
      id: "privacy-storage",
      title: msg`Your browser's storage`,
      body: [
        msg`Sarraf uses no advertising cookies. Your browser keeps your session, your language and the time of your last activity in its storage, so you stay signed in and see Sarraf in your language. A sign-up or sign-in in progress is kept only in its own tab, until it ends. Logging out removes the session.`,
      ],
    },
    {
      id: "privacy-rights",
      title: msg`Your rights`,
      body: [
        msg`You can ask us for a copy of your data, ask us to correct it or delete it, and object to some uses of it. Some data we must keep by law even when you ask us to delete it; we will tell you which.`,
        msg`Write to us at the address below; we answer within one month. You may also complain to the data protection authority of your country.`,
      ],
    },
    {
      id: "privacy-changes",
      title: msg`Changes to this policy`,
      body: [
        msg`When we change this policy, we publish the new version with its date at the top of this page, and tell you about important changes before they apply.`,
      ],
    },
  ],
};

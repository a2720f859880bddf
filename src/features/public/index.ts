// What other parts of the app may use of the public pages: the newsletter sign-up, for the home
// page and the public footer to embed.
export { NewsletterSignup } from "./components/NewsletterSignup.tsx";

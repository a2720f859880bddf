import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswer } from "../../../contract/firstAnswers.ts";
import type { RouteName } from "../../../contract/routes.ts";
import { PUBLIC_ANSWER_ROUTES } from "../../../contract/blogVocabulary.ts";

/** The answers the page's HTML brought for its first calls, each taken once (contract/firstAnswers.ts). */
export interface FirstAnswers {
  /** The answer's `data` for this call, once, while fresh and under the same sign-in; else undefined. */
  take(route: RouteName, body: unknown, token: string | null): { data: unknown } | undefined;
  /**
   * The answer `take` gave for this call in the last `REREAD_MS`, again: a render that took it and
   * that React then threw away (a concurrent render interrupted by an update, Strict Mode's second
   * call of a state initializer) is redone and must find it. Only a render reads it this way
   * (`answeredNow`); a call still gets each answer once.
   */
  again(route: RouteName, body: unknown, token: string | null): { data: unknown } | undefined;
}

/** How long a taken answer can be read again by a redone render (module docs above). */
export const REREAD_MS = 2_000;

const isAnswer = (value: unknown): value is FirstAnswer => {
  const answer = value as Partial<FirstAnswer> | null;
  return (
    typeof answer?.route === "string" &&
    typeof answer.body === "string" &&
    typeof answer.envelope === "object" &&
    answer.envelope !== null &&
    answer.envelope.status === "success"
  );
};

/**
 * Reads (and removes) the page's answers. They are for the sign-in the page was sent for: only
 * that token takes them, and only in the first `freshForMs` of the page (a tab opened long ago
 * asks the API). Anything unreadable counts as no answers: the app asks the API, as without them.
 */
export function readFirstAnswers(
  token: string | null,
  { doc = globalThis.document, ...options }: { doc?: Pick<Document, "getElementById">; freshForMs?: number; now?: () => number } = {},
): FirstAnswers {
  const element = doc?.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  let answers: unknown = [];
  if (element) {
    try {
      answers = JSON.parse(element.textContent ?? "");
    } catch {
      answers = [];
    }
  }
  // A public page's answers (a post, the blog's list) are anyone's; a signed-in page's need a sign-in.
  if (!token && Array.isArray(answers)) answers = answers.filter((answer: Partial<FirstAnswer>) => PUBLIC_ANSWER_ROUTES.includes(String(answer?.route)));
  element?.remove();
  return firstAnswersOf(answers, token, options);
}

/**
 * Answers in hand (the server's render of a signed-in page has them as a list), each taken once,
 * by `token`'s sign-in, within `freshForMs`. Anything that is not an answer is ignored.
 */
export function firstAnswersOf(
  list: unknown,
  token: string | null,
  { freshForMs = 30_000, now = () => globalThis.performance?.now() ?? 0 }: { freshForMs?: number; now?: () => number } = {},
): FirstAnswers {
  let answers: FirstAnswer[] = Array.isArray(list) ? list.filter(isAnswer) : [];
  const until = now() + freshForMs;
  // Route and body of each answer taken, with when: what `again` may give back for a while.
  const taken = new Map<string, { data: unknown; at: number }>();
  return {
    take(route, body, current) {
      if (answers.length === 0) return undefined;
      // A public answer is the same for everyone; any other is for the sign-in it was made for.
      const bound = !PUBLIC_ANSWER_ROUTES.includes(route);
      if ((bound && current !== token) || now() > until) {
        answers = [];
        return undefined;
      }
      const json = JSON.stringify(body ?? {});
      const index = answers.findIndex((answer) => answer.route === route && answer.body === json);
      if (index < 0) return undefined;
      const [answer] = answers.splice(index, 1);
      taken.set(`${route} ${json}`, { data: answer!.envelope.data, at: now() });
      return { data: answer!.envelope.data };
    },
    again(route, body, current) {
      const bound = !PUBLIC_ANSWER_ROUTES.includes(route);
      const answer = taken.get(`${route} ${JSON.stringify(body ?? {})}`);
      if (!answer || (bound && current !== token) || now() - answer.at > REREAD_MS) return undefined;
      return { data: answer.data };
    },
  };
}

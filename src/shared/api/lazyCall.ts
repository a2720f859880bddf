import type { RouteName, ResponseOf } from "../../../contract/routes.ts";
import type { Call } from "./call.ts";
import type { ApiClientOptions } from "./client.ts";
import type { FirstAnswers } from "./firstAnswers.ts";

/**
 * The typed call over the real API client. Its code (ofetch and the paths) loads with the first
 * call, never before first paint.
 */
export function lazyCall(options: ApiClientOptions): Call {
  let loaded: Promise<Call> | null = null;
  const load = () => (loaded ??= import("./typedCall.ts").then((module) => module.typedCall(options)));
  const call: Call = async (route, ...body) => (await load())(route, ...body);
  // The uploader's code loads with the first upload too.
  call.upload = async (path, form, uploadOptions) => (await import("./upload.ts")).createUpload(options)(path, form, uploadOptions);
  return call;
}

type TakeNow = (route: RouteName, body: unknown) => { data: unknown } | undefined;
// A render's read: the answer, or the one a render React threw away took moments ago (firstAnswers.ts).
const answersOf = new WeakMap<Call, TakeNow>();

/**
 * A call that first looks at the answers the page's HTML brought (src/shared/api/firstAnswers.ts):
 * a call they answer, for the sign-in they were made for, is answered at once, without waiting for
 * the client's code or the network; any other goes to `call`.
 */
export function withFirstAnswers(call: Call, answers: FirstAnswers, getToken: () => string | null): Call {
  const take: TakeNow = (route, body) => answers.take(route, body, getToken());
  const answering: Call = async (route, ...body) => {
    const answered = take(route, body[0]);
    // The server made this very call for this sign-in: its answer has the route's response type.
    if (answered) return answered.data as Awaited<ReturnType<typeof answering<typeof route>>>;
    return call(route, ...body);
  };
  answersOf.set(answering, (route, body) => take(route, body) ?? answers.again(route, body, getToken()));
  answering.upload = call.upload;
  return answering;
}

/**
 * The answer the page's HTML brought for this call, taken now (once; a redone render of the same
 * mount finds it again for a moment), for a first render that already shows it; undefined when
 * there is none.
 */
export function answeredNow<R extends RouteName>(call: Call, route: R, body: Record<string, unknown>): ResponseOf<R> | undefined {
  return answersOf.get(call)?.(route, body)?.data as ResponseOf<R> | undefined;
}

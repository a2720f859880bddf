import type { Call } from "./call.ts";
import type { ApiClientOptions } from "./client.ts";
import type { FirstAnswers } from "./firstAnswers.ts";

/**
 * The typed call over the real API client. Its code (ofetch and the paths) loads with the first
 * call, never before first paint. A call the page's HTML already answered (src/shared/api/
 * firstAnswers.ts) is answered at once, without waiting for that code or the network.
 */
export function lazyCall(options: ApiClientOptions & { firstAnswers?: FirstAnswers }): Call {
  let loaded: Promise<Call> | null = null;
  const load = () => (loaded ??= import("./typedCall.ts").then((module) => module.typedCall(options)));
  const call: Call = async (route, ...body) => {
    const answered = options.firstAnswers?.take(route, body[0], options.getToken());
    // The server made this very call for this sign-in: its answer has the route's response type.
    if (answered) return answered.data as Awaited<ReturnType<typeof call<typeof route>>>;
    return (await load())(route, ...body);
  };
  return call;
}

// Server messages, keyed by stable ids the SPA and tests can rely on; Arabic mirrors every key.
export const en = {
  "success.ok": "Done.",
  "success.health": "The server is running.",
  "success.profile": "Your profile.",
  "success.loggedOut": "You have been logged out.",
  "error.badRequest": "The request is not valid.",
  "error.malformedJson": "The request body is not valid JSON.",
  "error.unsupportedMediaType": "Send the request body as JSON (Content-Type: application/json).",
  "error.payloadTooLarge": "The request body is too large.",
  "error.unauthorized": "Please log in to continue.",
  "error.forbidden": "You are not allowed to do this.",
  "error.notFound": "This address does not exist.",
  "error.methodNotAllowed": "This address does not accept this method; use POST.",
  "error.conflict": "This conflicts with existing data.",
  "error.validation": "Some fields are not valid.",
  "error.tooManyRequests": "Too many requests. Please wait and try again.",
  "error.internal": "Something went wrong on our side. Please try again.",
  "error.notImplemented": "This feature is not available yet.",
  "error.badGateway": "A service we depend on answered badly. Please try again.",
  "error.unavailable": "The service is unavailable. Please try again shortly.",
} as const;

export type MessageId = keyof typeof en;

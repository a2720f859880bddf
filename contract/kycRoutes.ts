// Identity verification's calls, a group of the contract's table (contract/routes.ts). The spec
// names two paths; the form's submit gets its own beside them, so each path has one body shape.
import { failure, sessionEnded, validation } from "./failures.ts";
import { kycCheckSchema, kycDetailsSchema, kycRequestSchema, kycSubmitSchema } from "./kyc.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

export const kycRoutes = {
  checkKyc: route({
    path: routePaths.checkKyc,
    methods: ["POST"],
    auth: "session",
    group: "KYC",
    summary: "Where the user's identity verification stands (not started, pending, approved, rejected) and the card-buy threshold that needs it.",
    status: "live",
    request: kycRequestSchema,
    response: kycCheckSchema,
    failures: [validation, sessionEnded],
  }),
  kycDetails: route({
    path: routePaths.kycDetails,
    methods: ["POST"],
    auth: "session",
    group: "KYC",
    summary: "The user's latest verification: what was submitted (the document number's last four only) and the review's outcome with its reasons.",
    status: "live",
    request: kycRequestSchema,
    response: kycDetailsSchema,
    failures: [validation, sessionEnded],
  }),
  kycSubmit: route({
    path: routePaths.kycSubmit,
    methods: ["POST"],
    auth: "session",
    group: "KYC",
    summary: "Submits the verification form (legal name, date of birth, country, address, document and photo file ids) for review.",
    status: "live",
    request: kycSubmitSchema,
    response: kycDetailsSchema,
    failures: [
      validation,
      sessionEnded,
      failure("kycInReview", "A submission is under review: wait for its outcome."),
      failure("kycAlreadyApproved", "The identity is already verified."),
      failure("kycRejectedFinal", "The last review refused for good: no new submission is taken; contact support."),
      failure("kycUnavailable", "The verification provider did not answer: nothing was submitted; try again."),
    ],
  }),
};

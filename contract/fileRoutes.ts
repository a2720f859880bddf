// The upload calls, a group of the contract's table (contract/routes.ts).
import { profileSchema } from "./auth.ts";
import { failure, sessionEnded, validation } from "./failures.ts";
import { addFileSchema, setPictureSchema, storedFileSchema } from "./files.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

export const fileReasons = {
  fileEmpty: failure("fileEmpty", "The file has no bytes."),
  fileTooLarge: failure("fileTooLarge", "The file is larger than UPLOAD_MAX_BYTES; data.maxBytes says how large one may be."),
  fileNotImage: failure("fileNotImage", "The file's bytes are not a JPEG, PNG or WebP image (whatever its name or type says)."),
  imageTooLarge: failure("imageTooLarge", "The image declares more pixels than allowed (a decompression bomb); data.maxPixels."),
  imageUnreadable: failure("imageUnreadable", "The image is damaged or cut short and cannot be decoded."),
  uploadsLimited: failure(
    "uploadsLimited",
    "UPLOADS_PER_HOUR uploads were sent in the last hour; data.retryAfter says how many seconds until one more is taken, data.perHour the limit.",
  ),
  fileNotFound: failure("fileNotFound", "No picture of yours has this id (it may be another user's, or not a picture)."),
};

export const fileRoutes = {
  addFile: route({
    path: routePaths.addFile,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "Uploads an image (multipart/form-data: file, purpose); it is re-encoded to WebP without metadata and kept as the user's.",
    status: "live",
    body: "multipart",
    request: addFileSchema,
    response: storedFileSchema,
    failures: [
      validation,
      sessionEnded,
      fileReasons.fileEmpty,
      fileReasons.fileTooLarge,
      fileReasons.fileNotImage,
      fileReasons.imageTooLarge,
      fileReasons.imageUnreadable,
      fileReasons.uploadsLimited,
    ],
  }),
  uploadProfileImage: route({
    path: routePaths.uploadProfileImage,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "Sets one of the user's uploaded pictures as the profile picture, or removes it (fileId null).",
    status: "live",
    request: setPictureSchema,
    response: profileSchema,
    failures: [validation, sessionEnded, fileReasons.fileNotFound],
  }),
};

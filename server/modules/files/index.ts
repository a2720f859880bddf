// What other modules and the composition root use of files: the service (KYC keeps its document
// photos through it), its store by the settings, the upload handlers and the picture route.
import { join } from "node:path";
import type { Env } from "../../env.ts";
import { diskStore, s3Store, type FileStore } from "./store.ts";

export { acceptImage, ImageRejected, purposeOutputs, sniffImage, MAX_INPUT_PIXELS, MAX_INPUT_SIDE, type ImageProblem } from "./images.ts";
export { createFiles, UNUSED_PICTURE_MS, type Files, type FileWithBytes } from "./service.ts";
export { diskStore, s3Store, type FileStore, type S3Settings } from "./store.ts";
export { fileHandlers, pictureRoutes } from "./routes.ts";

/** The store the settings choose: DATA_DIR/files by default, an S3-compatible bucket with FILES_STORE=s3. */
export function fileStoreFor(env: Env): FileStore {
  if (env.FILES_STORE === "s3") {
    const { FILES_S3_ENDPOINT, FILES_S3_BUCKET, FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY } = env;
    // parseEnv refuses FILES_STORE=s3 without these.
    if (!FILES_S3_ENDPOINT || !FILES_S3_BUCKET || !FILES_S3_ACCESS_KEY_ID || !FILES_S3_SECRET_ACCESS_KEY)
      throw new Error("FILES_STORE=s3 needs the FILES_S3_* settings");
    return s3Store({
      endpoint: FILES_S3_ENDPOINT,
      bucket: FILES_S3_BUCKET,
      region: env.FILES_S3_REGION,
      accessKeyId: FILES_S3_ACCESS_KEY_ID,
      secretAccessKey: FILES_S3_SECRET_ACCESS_KEY,
    });
  }
  return diskStore(join(env.DATA_DIR, "files"));
}

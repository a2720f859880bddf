import { useLingui } from "@lingui/react/macro";
import { acceptedImageTypes } from "../../../../contract/fileVocabulary.ts";
import type { Profile } from "../../../../machines/auth/auth.types.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { Avatar } from "../../../shared/ui/Avatar.tsx";
import { Alert } from "../../../shared/ui/FormAlert.tsx";
import { FilePicker } from "../../../shared/ui/FilePicker.tsx";
import { megabytes } from "../../../shared/lib/uploadLimit.ts";
import { failureText, retryText } from "../../../shared/i18n/errors.ts";
import { useObjectUrl, usePicture, usePictureNotice } from "../usePicture.ts";

/** The profile picture: choose a photo, see it before saving, watch it upload, or remove the picture. */
export function PictureCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const actor = usePicture();
  const view = useSelector(actor, (state) => ({
    chosen: state.hasTag("chosen"),
    uploading: state.hasTag("uploading"),
    removing: state.hasTag("removing"),
    busy: state.hasTag("busy"),
    file: state.context.file,
    progress: state.context.progress,
    error: state.context.error,
    maxBytes: state.context.maxBytes,
  }));
  const preview = useObjectUrl(view.chosen ? view.file : null);
  const notice = usePictureNotice(actor);
  const percent = view.progress && view.progress.total > 0 ? Math.min(100, Math.round((view.progress.sent / view.progress.total) * 100)) : 0;
  const hasPicture = Boolean(profile.pictureUrl);
  const size = megabytes(view.maxBytes);

  return (
    <section className="card picture-card" aria-labelledby="picture-heading">
      <h2 id="picture-heading">{t`Profile picture`}</h2>
      <div className="picture-row">
        <Avatar profile={profile} src={preview} size={96} alt={preview ? t`Preview of your new picture` : hasPicture ? t`Your profile picture` : ""} />
        <div className="picture-actions">
          <FilePicker
            accept={acceptedImageTypes.join(",")}
            buttonText={hasPicture || view.chosen ? t`Choose another photo` : t`Choose a photo`}
            fileName={view.chosen && view.file instanceof File ? view.file.name : null}
            labelledBy="picture-heading"
            describedBy="picture-hint"
            disabled={view.busy}
            testId="picture-input"
            onPick={(file) => actor.send({ type: "picture.choose", file })}
          />
          {view.chosen && !view.busy && (
            <button type="button" className="button button-primary" onClick={() => actor.send({ type: "picture.save" })}>
              {t`Save picture`}
            </button>
          )}
          {view.chosen && (
            <button type="button" className="button button-ghost" onClick={() => actor.send({ type: "picture.cancel" })}>
              {t`Cancel`}
            </button>
          )}
          {hasPicture && !view.chosen && !view.busy && (
            <button type="button" className="button button-ghost" onClick={() => actor.send({ type: "picture.remove" })}>
              {t`Remove picture`}
            </button>
          )}
        </div>
      </div>
      {view.uploading && (
        <div className="picture-progress">
          <progress max={100} value={percent} aria-label={t`Upload progress`} />
          <span dir="ltr">{percent}%</span>
        </div>
      )}
      {view.removing && <p aria-busy="true">{t`Removing your picture…`}</p>}
      <p
        id="picture-hint"
        className="field-hint"
      >{t`JPEG, PNG or WebP, up to ${size} MB. We crop it to a square and remove the photo's location and camera details.`}</p>
      {view.error && (
        <Alert>
          {failureText(i18n, view.error).text}
          {view.error.retryAfter !== null && ` ${retryText(i18n, view.error.retryAfter)}`}
        </Alert>
      )}
      <p role="status" className="picture-status">
        {notice === "pictureSaved" ? t`Your profile picture has been updated.` : notice === "pictureRemoved" ? t`Your profile picture has been removed.` : ""}
      </p>
    </section>
  );
}

import { useRef } from "react";
import { useLingui } from "@lingui/react/macro";
import { acceptedImageTypes } from "../../../../contract/files.ts";
import type { Profile } from "../../../../machines/auth/auth.types.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { Avatar } from "../../../shared/ui/Avatar.tsx";
import { Alert } from "../../../shared/ui/FormAlert.tsx";
import { failureText } from "../../../shared/i18n/errors.ts";
import { useObjectUrl, usePicture, usePictureNotice } from "../usePicture.ts";

/** The profile picture: choose a photo, see it before saving, watch it upload, or remove the picture. */
export function PictureCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const actor = usePicture();
  const input = useRef<HTMLInputElement>(null);
  const view = useSelector(actor, (state) => ({
    chosen: state.hasTag("chosen"),
    uploading: state.hasTag("uploading"),
    removing: state.hasTag("removing"),
    busy: state.hasTag("busy"),
    file: state.context.file,
    progress: state.context.progress,
    error: state.context.error,
  }));
  const preview = useObjectUrl(view.chosen ? view.file : null);
  const notice = usePictureNotice(actor);
  const percent = view.progress && view.progress.total > 0 ? Math.min(100, Math.round((view.progress.sent / view.progress.total) * 100)) : 0;
  const hasPicture = Boolean(profile.pictureUrl);

  return (
    <section className="card picture-card" aria-labelledby="picture-heading">
      <h2 id="picture-heading">{t`Profile picture`}</h2>
      <div className="picture-row">
        <Avatar profile={profile} src={preview} size={96} alt={preview ? t`Preview of your new picture` : hasPicture ? t`Your profile picture` : ""} />
        <div className="picture-actions">
          <input
            ref={input}
            type="file"
            accept={acceptedImageTypes.join(",")}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t`Photo file`}
            data-testid="picture-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) actor.send({ type: "picture.choose", file });
              event.currentTarget.value = "";
            }}
          />
          {!view.busy && (
            <button type="button" className="button" onClick={() => input.current?.click()}>
              {hasPicture || view.chosen ? t`Choose another photo` : t`Choose a photo`}
            </button>
          )}
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
      <p className="field-hint">{t`JPEG, PNG or WebP, up to 5 MB. We crop it to a square and remove the photo's location and camera details.`}</p>
      {view.error && <Alert>{failureText(i18n, view.error).text}</Alert>}
      <p role="status" className="picture-status">
        {notice === "pictureSaved" ? t`Your profile picture has been updated.` : notice === "pictureRemoved" ? t`Your profile picture has been removed.` : ""}
      </p>
    </section>
  );
}

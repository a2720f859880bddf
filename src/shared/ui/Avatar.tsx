import type { Profile } from "../../../machines/auth/auth.types.ts";

/** The user's picture, or their initial on a tinted disc when there is none; decorative beside their name. */
export function Avatar({
  profile,
  src,
  size = 40,
  alt = "",
}: {
  profile: Pick<Profile, "fullName" | "email" | "pictureUrl">;
  src?: string | null;
  size?: number;
  alt?: string;
}) {
  const url = src ?? profile.pictureUrl ?? null;
  const style = { width: size, height: size };
  if (url) return <img className="avatar" src={url} alt={alt} width={size} height={size} style={style} decoding="async" />;
  const initial = (profile.fullName.trim() || profile.email).charAt(0).toUpperCase();
  return (
    <span
      className="avatar avatar-initial"
      style={{ ...style, fontSize: size * 0.45 }}
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {initial}
    </span>
  );
}

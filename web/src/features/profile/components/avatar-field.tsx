import { AVATAR_TYPES, type Profile } from "@trigger-switch/contracts";
import { ImageUp, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useDeleteAvatar } from "../api/delete-avatar";
import { useUploadAvatar } from "../api/upload-avatar";
import { UserAvatar } from "./user-avatar";

/** The server's limit (2 MiB); checked here too so nobody waits for an upload that must fail. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

function checkFile(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return "Choose a PNG, JPEG, WebP or GIF image.";
  if (file.size > AVATAR_MAX_BYTES) return "The image is larger than 2 MB. Choose a smaller one.";
  return null;
}

/** Choose an image, see it, then upload it; or remove the current one. */
export function AvatarField({ profile }: { profile: Profile | null }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (chosen: File | undefined) => {
    if (inputRef.current) inputRef.current.value = "";
    if (!chosen) return;
    const error = checkFile(chosen);
    setProblem(error);
    setFile(error ? null : chosen);
    setPreview(error ? null : URL.createObjectURL(chosen));
  };
  const clear = () => {
    setFile(null);
    setPreview(null);
  };
  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        clear();
        toast.success("Profile photo updated");
      },
    });
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      {preview ? (
        <Avatar src={preview} fallback="" alt="Preview of your new profile photo" className="size-28" />
      ) : (
        <UserAvatar profile={profile} alt="Your profile photo" className="size-28 text-3xl" />
      )}
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_TYPES.join(",")}
        aria-label="Profile photo"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {preview ? (
          <>
            <Button type="button" size="sm" onClick={save} disabled={busy}>
              {upload.isPending && <Spinner className="text-primary-foreground" />}
              Save photo
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={clear} disabled={busy}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button type="button" size="sm" variant="outline" onClick={() => inputRef.current?.click()} disabled={busy}>
              <ImageUp aria-hidden="true" />
              {profile?.avatar_url ? "Change photo" : "Upload photo"}
            </Button>
            {profile?.avatar_url && (
              <Button type="button" size="sm" variant="ghost" onClick={() => remove.mutate()} disabled={busy}>
                {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
                Remove photo
              </Button>
            )}
          </>
        )}
      </div>
      <p className="text-xs text-muted-foreground">PNG, JPEG, WebP or GIF, up to 2 MB.</p>
    </div>
  );
}

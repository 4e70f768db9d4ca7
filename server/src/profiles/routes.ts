import { profileSchema, profileUpdateSchema } from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../http/app.ts";
import { currentUser } from "../http/authenticate.ts";
import { AppError } from "../errors.ts";
import { getProfile } from "./get-profile.ts";
import { setAvatar } from "./set-avatar.ts";
import { updateProfile } from "./update-profile.ts";

const tags = ["profile"];
const security = [{ bearer: [] }];

/** /api/profile: the signed-in user's own profile only (the id always comes from the token). */
export const profileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, config } = deps;

  app.get("/profile", { schema: { tags, security, summary: "Read my profile", response: { 200: profileSchema } } }, (req) =>
    getProfile({ db, userId: currentUser(req).id }),
  );

  app.put(
    "/profile",
    { schema: { tags, security, summary: "Update my profile", body: profileUpdateSchema, response: { 200: profileSchema } } },
    (req) => updateProfile({ db, clock, userId: currentUser(req).id, changes: req.body }),
  );

  app.post(
    "/profile/avatar",
    { schema: { tags, security, summary: "Upload my avatar (multipart field `file`: PNG, JPEG, GIF or WebP)", response: { 200: profileSchema } } },
    async (req) => {
      if (!req.isMultipart()) throw new AppError("unsupported_media_type", "Send the image as multipart/form-data in a field named 'file'.");
      const file = await req.file();
      if (!file) throw new AppError("validation_failed", "Choose an image to upload.", { file: "Choose an image to upload." });
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413) {
          const limit = `${Math.round(config.AVATAR_MAX_BYTES / 1024 / 1024 * 10) / 10} MB`;
          throw new AppError("payload_too_large", `The avatar must be at most ${limit}.`, { file: `At most ${limit}.` });
        }
        throw err;
      }
      return setAvatar({ db, clock, dataDir: config.DATA_DIR, userId: currentUser(req).id, bytes });
    },
  );

  app.delete("/profile/avatar", { schema: { tags, security, summary: "Remove my avatar", response: { 200: profileSchema } } }, (req) =>
    setAvatar({ db, clock, dataDir: config.DATA_DIR, userId: currentUser(req).id, bytes: null }),
  );
};

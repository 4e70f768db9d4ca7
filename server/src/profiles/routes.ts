import { profileSchema, profileUpdateSchema } from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { readUpload } from "../http/read-upload.ts";
import { getProfile } from "./get-profile.ts";
import { setAvatar } from "./set-avatar.ts";
import { updateProfile } from "./update-profile.ts";

const tags = ["profile"];
const security = [{ bearer: [] }];

/** /api/profile: the signed-in user's own profile only (the id always comes from the token). */
export const profileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, config } = deps;

  app.get(
    "/profile",
    { schema: { tags, security, summary: "Read my profile", response: { 200: profileSchema } } },
    (req) => getProfile({ db, userId: currentUser(req).id }),
  );

  app.put(
    "/profile",
    {
      schema: {
        tags,
        security,
        summary: "Update my profile",
        body: profileUpdateSchema,
        response: { 200: profileSchema },
      },
    },
    (req) => updateProfile({ db, clock, userId: currentUser(req).id, changes: req.body }),
  );

  app.post(
    "/profile/avatar",
    {
      schema: {
        tags,
        security,
        summary: "Upload my avatar (multipart field `file`: PNG, JPEG, GIF or WebP)",
        response: { 200: profileSchema },
      },
    },
    async (req) => {
      const upload = await readUpload(req, { maxBytes: config.AVATAR_MAX_BYTES, noun: "image" });
      return setAvatar({
        db,
        clock,
        dataDir: config.DATA_DIR,
        userId: currentUser(req).id,
        bytes: await upload.readBytes(),
      });
    },
  );

  app.delete(
    "/profile/avatar",
    { schema: { tags, security, summary: "Remove my avatar", response: { 200: profileSchema } } },
    (req) => setAvatar({ db, clock, dataDir: config.DATA_DIR, userId: currentUser(req).id, bytes: null }),
  );
};

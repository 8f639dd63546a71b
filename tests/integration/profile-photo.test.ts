// A person's photo (issue 23): uploaded and re-encoded on this site, a site path or Google's account
// photo; never another site's URL, which every visitor's browser would call.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_AVATAR } from "~/accounts/avatars";
import { db } from "~/platform/db.server";
import * as profilePage from "~/routes/dashboard.profile";
import * as photos from "~/routes/photos.$id.$file";
import { authedGet, authedPost, createUser, signIn, uniqueEmail } from "../support/auth";
import { callRoute, getRequest, ORIGIN } from "../support/requests";

let userId: string;
let cookie: string;

beforeAll(async () => {
  userId = (await createUser()).id;
  cookie = await signIn(userId);
});

const storedPhoto = async () =>
  (await (await db()).user.findUniqueOrThrow({ where: { id: userId }, select: { photoUrl: true } })).photoUrl;

function multipartProfile(fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("photoFile", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request(`${ORIGIN}/dashboard/profile`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: ORIGIN },
  });
  return callRoute(profilePage.action, request);
}

describe("profile photo", () => {
  it("refuses another site's URL with a field error, changing nothing", async () => {
    await callRoute(
      profilePage.action,
      authedPost("/dashboard/profile", { intent: "profile", displayName: "Nila", photoUrl: "" }, cookie),
    );
    for (const photoUrl of [
      "https://tracker.example/me.png",
      "https://lh3.googleusercontent.com.evil.example/x",
      "http://lh3.googleusercontent.com/a/x",
    ]) {
      const answer = await callRoute(
        profilePage.action,
        authedPost("/dashboard/profile", { intent: "profile", displayName: "Other", photoUrl }, cookie),
      );
      expect(answer.status, photoUrl).toBe(400);
      expect(answer.data.result.error.photoUrl).toEqual([
        "The photo must be uploaded, be a path on this site (like /images/…) or be your Google profile photo.",
      ]);
    }
    expect(await storedPhoto()).toBeNull();
  });

  it("accepts a path on this site and Google's account photo", async () => {
    for (const photoUrl of ["/images/people/reviewer-1.svg", "https://lh3.googleusercontent.com/a/ACg8oc=s96-c"]) {
      const answer = await callRoute(
        profilePage.action,
        authedPost("/dashboard/profile", { intent: "profile", displayName: "Nila", photoUrl }, cookie),
      );
      expect(answer.status).toBe(200);
      expect(await storedPhoto()).toBe(photoUrl);
    }
  });

  it("stores an uploaded photo re-encoded as WebP on this site, without JavaScript (multipart)", async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    const answer = await multipartProfile(
      { intent: "profile", displayName: "Nila", photoUrl: "https://tracker.example/ignored.png" },
      { bytes: png, name: "me.png", type: "image/png" },
    );
    expect(answer.status).toBe(200);
    const url = await storedPhoto();
    const match = url?.match(/^\/photos\/([0-9a-f]{32})\/(\d+)\.webp$/);
    expect(match, String(url)).not.toBeNull();
    const served = (await photos.loader({
      request: getRequest(url!),
      params: { id: match![1], file: `${match![2]}.webp` },
      context: {},
    })) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString()).toBe("WEBP");
    expect(bytes.equals(png)).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe("webp");
  });

  it("stores at most RATE_LIMIT_PROFILE_PHOTO_MAX uploads an account a day, refusing the next before reading it", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    const other = await signIn((await createUser()).id);
    const upload = (session: string) =>
      callRoute(
        profilePage.action,
        new Request(`${ORIGIN}/dashboard/profile`, {
          method: "POST",
          body: (() => {
            const form = new FormData();
            form.append("intent", "profile");
            form.append("displayName", "Rafi");
            form.append("photoFile", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
            return form;
          })(),
          headers: { Cookie: session, Origin: ORIGIN },
        }),
      );
    for (let i = 0; i < 10; i++) expect((await upload(other)).status).toBe(200);
    const refused = await upload(other);
    expect(refused.status).toBe(429);
    expect(refused.data.result.error.photoFile).toEqual(["You have uploaded many photos today. Please try again tomorrow."]);
    // Another account is not held back.
    expect((await upload(await signIn((await createUser()).id))).status).toBe(200);
  });

  it("refuses a file that is not a photo under the upload field, changing nothing", async () => {
    const before = await storedPhoto();
    const answer = await multipartProfile(
      { intent: "profile", displayName: "Changed" },
      { bytes: Buffer.from("<svg onload=alert(1)>"), name: "me.jpg", type: "image/jpeg" },
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.photoFile).toEqual(["The file is not a JPEG, PNG or WebP photo."]);
    expect(await storedPhoto()).toBe(before);
    expect((await (await db()).user.findUniqueOrThrow({ where: { id: userId } })).displayName).toBe("Nila");
  });

  it("shows the default picture instead of another site's photo saved before, and the migration clears those", async () => {
    const prisma = await db();
    await prisma.user.update({ where: { id: userId }, data: { photoUrl: "https://tracker.example/me.png" } });
    const page = await callRoute(profilePage.loader, authedGet("/dashboard/profile", cookie));
    expect(page.data.photoShown).toBe(DEFAULT_AVATAR);

    const kept = ["/images/people/reviewer-1.svg", "https://lh3.googleusercontent.com/a/x=s96-c"];
    const others = await Promise.all(
      ["https://tracker.example/me.png", "//tracker.example/x.png", "http://lh3.googleusercontent.com/a/x", ...kept].map(
        (photoUrl) => prisma.user.create({ data: { email: uniqueEmail("avatar"), displayName: "A", photoUrl } }),
      ),
    );
    const migrations = join(process.cwd(), "prisma/migrations");
    const folder = readdirSync(migrations).find((name) => name.endsWith("_clear_third_party_avatars"))!;
    const sql = readFileSync(join(migrations, folder, "migration.sql"), "utf8");
    for (const statement of sql.split(";").filter((part) => /UPDATE/.test(part))) await prisma.$executeRawUnsafe(statement);
    const after = await prisma.user.findMany({
      where: { id: { in: [userId, ...others.map((user) => user.id)] } },
      select: { photoUrl: true },
    });
    expect(
      after
        .map((user) => user.photoUrl)
        .filter(Boolean)
        .sort(),
    ).toEqual([...kept].sort());
  });
});

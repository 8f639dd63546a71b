import { describe, expect, it } from "vitest";
import { avatarSrc, DEFAULT_AVATAR, isAllowedAvatarUrl } from "~/accounts/avatars";

describe("avatars", () => {
  it("allows site paths and Google account photos only", () => {
    for (const url of [
      "/photos/0123456789abcdef0123456789abcdef/960.webp",
      "/images/people/reviewer-1.svg",
      "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
      "https://lh5.googleusercontent.com/-abc/photo.jpg",
    ]) {
      expect(isAllowedAvatarUrl(url), url).toBe(true);
      expect(avatarSrc(url)).toBe(url);
    }
    for (const url of [
      "https://tracker.example/me.png",
      "http://lh3.googleusercontent.com/a/x",
      "https://lh3.googleusercontent.com.evil.example/a/x",
      "https://googleusercontent.com/a/x",
      "https://user@lh3.googleusercontent.com/a/x",
      "https://lh3.googleusercontent.com:8443/a/x",
      "//tracker.example/me.png",
      "/\\tracker.example/me.png",
      "data:image/png;base64,AAAA",
    ]) {
      expect(isAllowedAvatarUrl(url), url).toBe(false);
      expect(avatarSrc(url)).toBe(DEFAULT_AVATAR);
    }
    expect(avatarSrc(null)).toBe(DEFAULT_AVATAR);
  });
});

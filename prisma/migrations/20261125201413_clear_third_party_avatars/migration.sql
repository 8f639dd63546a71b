-- People's photos may only be paths on this site or Google account photos (app/domain/avatars.ts):
-- any other URL made every visitor's browser call that site. Clear those saved before (the pages
-- show the default picture instead). Only data changes: the previous version reads NULL as before.
UPDATE "User" SET "photoUrl" = NULL
WHERE "photoUrl" IS NOT NULL AND "photoUrl" !~* '^(/[^/\\]|https://([a-z0-9-]+\.)+googleusercontent\.com/)';

UPDATE "Review" SET "photo" = NULL
WHERE "photo" IS NOT NULL AND "photo" !~* '^(/[^/\\]|https://([a-z0-9-]+\.)+googleusercontent\.com/)';

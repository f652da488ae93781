-- The "photo seen before" flag, by sale kind. A gift card's photo is matched by its perceptual hash
-- (0017): the same card photographed or re-encoded again is near. A crypto sale's screenshot is not:
-- an exchange's confirmation screens all look alike to a 64-bit perceptual hash, so every crypto
-- screenshot matched the others. A screenshot is matched by the SHA-256 of the stored (re-encoded,
-- metadata-free) image instead: the very same screenshot sent again, by another customer, is flagged.
-- Images stored before this have no digest and match nothing by it.
ALTER TABLE sale_images ADD COLUMN digest text CHECK (digest ~ '^[0-9a-f]{64}$');
CREATE INDEX sale_images_digest_idx ON sale_images (digest) WHERE digest IS NOT NULL;

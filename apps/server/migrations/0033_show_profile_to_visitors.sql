-- "Show my profile to visitors": whether people without an account see the profile when the instance
-- turns PUBLIC_READING on. Everyone starts hidden: accounts were made when nothing was readable signed out.
ALTER TABLE "users" ADD COLUMN "show_profile_to_visitors" boolean DEFAULT false NOT NULL;
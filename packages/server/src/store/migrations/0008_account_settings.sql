-- Account settings beyond conference_mode (which stays on accounts): one row per account,
-- created on the first change; an account without a row has the defaults.
CREATE TABLE account_settings (
  account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'vi')),
  anti_screen_capture boolean NOT NULL DEFAULT false,
  mic_on_join boolean NOT NULL DEFAULT false,
  camera_on_join boolean NOT NULL DEFAULT false,
  audio_input_id text CHECK (char_length(audio_input_id) <= 256),
  video_input_id text CHECK (char_length(video_input_id) <= 256),
  audio_output_id text CHECK (char_length(audio_output_id) <= 256),
  allow_invitation_emails boolean NOT NULL DEFAULT true,
  default_layout text NOT NULL DEFAULT 'gallery' CHECK (default_layout IN ('gallery', 'center')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

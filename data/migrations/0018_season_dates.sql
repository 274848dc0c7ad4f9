-- A season with dates a server manager set (data.seasons.SeasonPlan.custom): [start, end) in UTC seconds,
-- whole days; NULL when none. It cuts the calendar season it starts in short; after it, seasons of the
-- chosen `season_length` follow from its end, or none when the length is 'off'.
ALTER TABLE guild_settings ADD COLUMN season_custom_start REAL;
ALTER TABLE guild_settings ADD COLUMN season_custom_end REAL;

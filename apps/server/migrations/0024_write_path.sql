-- Every like and comment updates its post's kept counts (0011). A post row is wide (its text and search
-- vector, about 1.4 kB), and on a full page its new version goes to another page: then every index of
-- posts gets an entry for it, the search index one per word, about 20 WAL records per like. Pages filled
-- to 80 % keep room for the new version beside the old one (a HOT update: no index entries, 2 WAL
-- records); 90 % is too little for a row this wide (bench/RESULTS.md, "Write mix"). Pages written before
-- this stay full; a row moved off one lands on a page that keeps the room.
ALTER TABLE "posts" SET (fillfactor = 80);

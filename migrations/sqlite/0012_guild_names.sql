-- A server's name as Discord last gave it (on joining, at each connect, on a rename), so the
-- server's web page can say whose it is. Deleted with the rest of the server's data.
CREATE TABLE guild_names (
    guild_id  INTEGER  PRIMARY KEY,
    name      TEXT     NOT NULL
);

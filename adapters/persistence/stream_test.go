package persistence_test

import (
	"context"
	"testing"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	identityports "vitrina/ports/identity"

	"vitrina/ports"
)

// A streamed list (an export) sorts on SQLite with temp_store FILE, so its memory does not
// grow with its rows (issue 20); the connection goes back to the pool as the pool set it.
func TestStreamLeavesThePoolsTempStore(t *testing.T) {
	ctx := context.Background()
	db := dbtest.Migrated(t, dbtest.SQLiteURL(t))
	db.SetMaxOpenConns(1) // the stream's connection is the one asked afterwards
	for _, name := range []string{"Ana", "Bojan"} {
		if err := persistence.NewUsers(db).Add(ctx, newUser(t, name, name)); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	if err := persistence.NewUserLists(db).Users.Stream(ctx, ports.ListQuery{Sort: "name"}, func(identityports.UserView) error {
		n++
		return nil
	}); err != nil || n != 2 {
		t.Fatalf("streamed %d: %v", n, err)
	}
	var store int
	if err := db.NewRaw("PRAGMA temp_store").Scan(ctx, &store); err != nil || store != 2 {
		t.Fatalf("temp_store %d after a stream, want 2 (MEMORY): %v", store, err)
	}
}

// Command vitrina is the Vitrina back office: API, panel and maintenance commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"vitrina/bootstrap"
	"vitrina/domain/kernel"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := bootstrap.Run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout); err != nil {
		var de *kernel.Error
		if errors.As(err, &de) {
			fmt.Fprintln(os.Stderr, "vitrina:", de.Error())
		} else {
			fmt.Fprintln(os.Stderr, "vitrina:", err)
		}
		os.Exit(1)
	}
}

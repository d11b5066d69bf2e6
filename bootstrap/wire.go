//go:build wireinject

package bootstrap

import (
	"context"

	"github.com/google/wire"
)

// InitApp builds the application for a command.
func InitApp(ctx context.Context, cfg Config) (*App, func(), error) {
	wire.Build(ProvideLogger, ProvideMetrics, PersistenceSet, ApplicationSet, ProvideServer, ProvideReadiness, ProvideTelemetry, NewWorkerStates, ProvideWorkers, wire.Struct(new(App), "*"))
	return nil, nil, nil
}

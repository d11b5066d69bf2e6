package bootstrap

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"vitrina/adapters/http/kit"
	"vitrina/adapters/persistence"
	appidentity "vitrina/application/identity"
	"vitrina/domain/identity"
)

// Version and BuildDate are set by the linker (-X) in release builds.
var (
	Version   = "dev"
	BuildDate = ""
)

const usage = `vitrina — the Vitrina back office

Usage:
  vitrina [serve]                  apply migrations, then serve the API and the panel
  vitrina migrate                  apply migrations and exit
  vitrina user create --username U --name N --role R[,R...]
                                   create a back-office user; the password is read from stdin
  vitrina seed --demo              load demo data (idempotent)
  vitrina audit verify             check the activity log's hash chain; exit 1 naming the
                                   first broken event
  vitrina storage copy --from DIR|s3://bucket/prefix --to DIR|s3://bucket/prefix [-v]
                                   copy the images and the audit archive between the data
                                   directory and a bucket; resumable (what is there with its
                                   size is skipped); exit 1 when any object failed
  vitrina ready [URL]              ask a serving process's /readyz (default: VITRINA_ADDR on
                                   this host); exit 0 when ready, 1 otherwise (health checks)
  vitrina version                  print the version

Configuration comes from the environment: VITRINA_ADDR, VITRINA_DATABASE_URL,
VITRINA_DATA_DIR, VITRINA_TOKEN_TTL, VITRINA_ADMIN_USERNAME, VITRINA_ADMIN_PASSWORD,
VITRINA_LOG_FORMAT, VITRINA_LOG_LEVEL, VITRINA_TRUST_PROXY, VITRINA_STORAGE_URL and
VITRINA_S3_* (see README).
`

// Run executes the command line args; ctx is cancelled on SIGINT/SIGTERM.
func Run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout io.Writer) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	case "version", "--version":
		fmt.Fprintf(stdout, "vitrina %s %s\n", Version, BuildDate)
		return nil
	case "ready":
		return readyCommand(ctx, args, getenv, stdout)
	}
	cfg, err := LoadConfig(getenv)
	if err != nil {
		return err
	}
	if cmd == "storage" { // files only: no database
		return storageCommand(ctx, cfg, args, stdout)
	}
	app, cleanup, err := InitApp(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()
	switch cmd {
	case "serve":
		return serve(ctx, app, stdout, nil)
	case "migrate":
		return migrate(ctx, app)
	case "user":
		return userCommand(ctx, app, args, stdin, stdout)
	case "audit":
		return auditCommand(ctx, app, args, stdout)
	case "seed":
		fs := flag.NewFlagSet("seed", flag.ContinueOnError)
		demo := fs.Bool("demo", false, "load the demo data set")
		if err := fs.Parse(args); err != nil {
			return err
		}
		if !*demo {
			return errors.New("seed: only --demo is available")
		}
		if err := migrate(ctx, app); err != nil {
			return err
		}
		return SeedDemo(ctx, app, stdout)
	default:
		return fmt.Errorf("unknown command %q\n\n%s", cmd, usage)
	}
}

// readyCommand asks GET /readyz of the process at args[0] (a base URL) or at VITRINA_ADDR on
// this host, and prints its answer: a container's health check where no shell or curl is.
func readyCommand(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	base := ""
	if len(args) > 0 {
		base = strings.TrimRight(args[0], "/")
	} else {
		addr := getenv("VITRINA_ADDR")
		if addr == "" {
			addr = "127.0.0.1:8080"
		}
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return fmt.Errorf("ready: VITRINA_ADDR %q: %w", addr, err)
		}
		if host == "" || host == "0.0.0.0" || host == "::" {
			host = "127.0.0.1"
		}
		base = "http://" + net.JoinHostPort(host, port)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/readyz", nil)
	if err != nil {
		return fmt.Errorf("ready: %w", err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("ready: %w", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
	fmt.Fprint(stdout, string(body))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("not ready (%d)", res.StatusCode)
	}
	return nil
}

// Prepare applies the migrations and creates the first admin when configured, as serve does.
func Prepare(ctx context.Context, app *App) error { return migrate(ctx, app) }

func migrate(ctx context.Context, app *App) error {
	// Replicas started together take turns (ADR 0040): Migrate holds the migrations' lock,
	// and the first admin is created under one of its own, so the others find both done.
	applied, err := persistence.Migrate(ctx, app.DB)
	if err != nil {
		return err
	}
	if len(applied) > 0 {
		app.Log.Info("migrations applied", zap.Strings("migrations", applied))
	}
	return persistence.NewLocks(app.DB).Wait(ctx, "first admin", func(ctx context.Context) error {
		if err := ensureAdmin(ctx, app); err != nil {
			return err
		}
		// The starting two-factor policy, and no start without the key two-factor needs.
		return app.Identity.StartPolicy(ctx, app.Config.MFARequiredRoles)
	})
}

func ensureAdmin(ctx context.Context, app *App) error {
	if app.Config.AdminUsername == "" {
		return nil
	}
	created, err := app.Identity.EnsureAdmin(ctx, app.Config.AdminUsername, app.Config.AdminPassword)
	if err != nil {
		return fmt.Errorf("first admin: %w", err)
	}
	if created {
		app.Log.Info("first admin created", zap.String("username", app.Config.AdminUsername))
	}
	return nil
}

// Listening is where serve listens: the API, and /metrics when VITRINA_METRICS_ADDR is set.
type Listening struct{ API, Metrics string }

// serve runs the server, and the metrics' when configured, until ctx ends, then lets
// in-flight requests finish and returns nil, so the process exits 0. ready, when set,
// receives the bound addresses.
func serve(ctx context.Context, app *App, stdout io.Writer, ready chan<- Listening) error {
	if err := migrate(ctx, app); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", app.Config.Addr)
	if err != nil {
		return err
	}
	var metricsLn net.Listener
	if app.Config.MetricsAddr != "" {
		if metricsLn, err = net.Listen("tcp", app.Config.MetricsAddr); err != nil {
			_ = ln.Close()
			return fmt.Errorf("VITRINA_METRICS_ADDR: %w", err)
		}
	}
	// Requests get a context of their own that shutdown can cancel once the grace is over.
	base, cancelRequests := context.WithCancel(context.Background())
	defer cancelRequests()
	srv := &http.Server{
		Handler:           app.Server.Handler(),
		ReadHeaderTimeout: kit.ReadHeaderTimeout,
		ReadTimeout:       kit.ReadTimeout,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          zap.NewStdLog(app.Log),
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	var metricsSrv *http.Server
	at := Listening{API: ln.Addr().String()}
	if metricsLn != nil {
		metricsSrv = &http.Server{
			Handler:           metricsMux(app.Telemetry),
			ReadHeaderTimeout: kit.ReadHeaderTimeout,
			ReadTimeout:       kit.ReadTimeout,
			WriteTimeout:      time.Minute,
			IdleTimeout:       120 * time.Second,
			ErrorLog:          zap.NewStdLog(app.Log),
		}
		go func() { errc <- metricsSrv.Serve(metricsLn) }()
		at.Metrics = metricsLn.Addr().String()
	}
	workers := StartWorkers(app.Log, app.Workers)
	app.Log.Info("serving", zap.String("address", "http://"+at.API), zap.String("version", Version))
	fmt.Fprintf(stdout, "Vitrina is serving on http://%s\n", at.API)
	if at.Metrics != "" {
		app.Log.Info("serving metrics", zap.String("address", "http://"+at.Metrics+"/metrics"))
		fmt.Fprintf(stdout, "Metrics at http://%s/metrics\n", at.Metrics)
	}
	if ready != nil {
		ready <- at
	}
	select {
	case err := <-errc:
		err = errors.Join(err, workers.Stop(workerStopWait))
		_ = srv.Close()
		if metricsSrv != nil {
			_ = metricsSrv.Close()
		}
		return err
	case <-ctx.Done():
	}
	app.Log.Info("shutting down: waiting for requests in flight", zap.Duration("grace", shutdownGrace))
	// Workers stop beside the requests, within the same grace: what they leave undone (an
	// outbox row, an expired session) stays in the database for the next start.
	stopped := make(chan error, 1)
	go func() { stopped <- workers.Stop(workerStopWait) }()
	// The metrics answer while the requests finish, so the stop itself can be watched; they
	// stop last.
	err = shutdown(srv, cancelRequests, shutdownGrace, app.Log)
	err = errors.Join(err, <-stopped)
	if metricsSrv != nil {
		mctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if merr := metricsSrv.Shutdown(mctx); merr != nil {
			err = errors.Join(err, metricsSrv.Close())
		}
	}
	return err
}

// metricsMux serves /metrics, and nothing else, on the metrics' listener.
func metricsMux(t Telemetry) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", t.Metrics.Handler())
	return mux
}

// workerStopWait bounds how long a stop waits for the background workers to return; it is
// well inside the shutdown grace.
var workerStopWait = 30 * time.Second

// shutdownGrace covers the longest request the server allows; a variable so that a test
// can shorten it.
var shutdownGrace = kit.ShutdownGrace

// shutdown stops accepting, lets requests in flight finish within grace, then cancels
// those still running (their transactions roll back) and closes their connections. An
// orderly stop, even a forced one, is not a failure of the process.
func shutdown(srv *http.Server, cancelRequests context.CancelFunc, grace time.Duration, log *zap.Logger) error {
	shutCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(shutCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		log.Warn("grace over: cancelling the requests still in flight")
		cancelRequests()
		// Give the cancelled handlers a moment to roll back before their connections close.
		closeCtx, cancelClose := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancelClose()
		if err = srv.Shutdown(closeCtx); err != nil {
			err = srv.Close()
		}
	}
	if err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}

func userCommand(ctx context.Context, app *App, args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: vitrina user create --username U --name N --role R (password on stdin)")
	}
	fs := flag.NewFlagSet("user create", flag.ContinueOnError)
	username := fs.String("username", "", "sign-in name")
	name := fs.String("name", "", "full name")
	role := fs.String("role", string(identity.RoleAdmin), "role(s), comma-separated: admin, director, manager, engineer, financier")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	password := strings.TrimRight(line, "\r\n")
	if err := migrate(ctx, app); err != nil {
		return err
	}
	v, err := app.Identity.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: *name, Username: *username, Password: password,
		Roles: strings.Split(*role, ",")})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created user %s (id %d, roles %s)\n", v.Username, v.ID, strings.Join(v.Roles, ", "))
	return nil
}

// errChainBroken is the exit of `vitrina audit verify` when the chain does not hold.
var errChainBroken = errors.New("audit: the chain is broken")

// auditCommand is `vitrina audit verify`: the whole chain checked, its verdict printed.
func auditCommand(ctx context.Context, app *App, args []string, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "verify" {
		return fmt.Errorf("audit: only verify is available\n\n%s", usage)
	}
	if err := migrate(ctx, app); err != nil {
		return err
	}
	v, err := app.Activity.Verify(ctx)
	if err != nil {
		return err
	}
	if !v.OK {
		fmt.Fprintf(stdout, "broken: %d events read, the first broken event is %d\n", v.Events, v.FirstBroken)
		return fmt.Errorf("%w at event %d", errChainBroken, v.FirstBroken)
	}
	fmt.Fprintf(stdout, "ok: %d events, the chain holds\n", v.Events)
	return nil
}

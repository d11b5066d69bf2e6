package bootstrap

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/google/wire"
	"github.com/uptrace/bun"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"vitrina/adapters/authz"
	"vitrina/adapters/excel"
	"vitrina/adapters/http/server"
	"vitrina/adapters/metrics"
	"vitrina/adapters/persistence"
	"vitrina/adapters/push"
	"vitrina/adapters/richtext"
	"vitrina/adapters/security"
	"vitrina/adapters/storage"
	appactivity "vitrina/application/activity"
	appcampaign "vitrina/application/campaign"
	appcatalog "vitrina/application/catalog"
	appcontent "vitrina/application/content"
	appidentity "vitrina/application/identity"
	apppartner "vitrina/application/partner"
	"vitrina/frontend"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
	catalogports "vitrina/ports/catalog"
	contentports "vitrina/ports/content"
	identityports "vitrina/ports/identity"
	partnerports "vitrina/ports/partner"
)

// App is everything a command needs.
type App struct {
	Config   Config
	Log      *zap.Logger
	DB       *bun.DB
	Identity *appidentity.Service
	Catalog  *appcatalog.Service
	Partner  *apppartner.Service
	Content  *appcontent.Service
	// Notifications are push notifications and their outbox.
	Notifications *appcontent.Notifications
	Campaign      *appcampaign.Service
	Sheets        *appcampaign.Sheets
	// Activity is the activity log (issue 21): its list, history and chain check.
	Activity *appactivity.Service
	// Bulk runs bulk actions and their undo (issue 25).
	Bulk    *appactivity.Bulk
	Server  *server.Server
	Workers Workers
	// Telemetry is the metrics /metrics serves on its own listener (VITRINA_METRICS_ADDR).
	Telemetry Telemetry
}

// Telemetry is the process's metrics (ADR 0038), the push outbox's depth among them.
type Telemetry struct{ Metrics *metrics.Metrics }

// ProvideMetrics is the one registry of the process's metrics.
func ProvideMetrics() *metrics.Metrics { return metrics.New(Version) }

// ProvideTelemetry adds the push outbox's depth and /readyz's verdict, both read at scrape
// time, to m.
func ProvideTelemetry(m *metrics.Metrics, outbox *persistence.NotificationStore, readiness server.Readiness, pinger ports.Pinger) Telemetry {
	m.WatchReadiness(func(ctx context.Context) bool {
		ok, _ := readiness.Check(ctx, pinger)
		return ok
	})
	m.WatchOutbox(func(ctx context.Context) (metrics.OutboxReading, error) {
		d, err := outbox.Depth(ctx)
		return metrics.OutboxReading{ByState: d.ByState, OldestDue: d.OldestDue}, err
	})
	return Telemetry{Metrics: m}
}

// ProvideReadiness is what /readyz checks beside the database: its migrations against this
// binary's, and, with push configured, the push sender running.
func ProvideReadiness(pinger *persistence.Pinger, p ports.PushSender, states *WorkerStates) server.Readiness {
	return server.Readiness{
		Schema: func(ctx context.Context) (int64, int64, bool, error) {
			v, err := pinger.Schema(ctx)
			return v.Current, v.Expected, v.Behind > 0, err
		},
		PushSender: func() string {
			switch {
			case !p.Configured():
				return server.PushNotConfigured
			case states.Running(PushSenderWorker):
				return server.PushRunning
			}
			return server.PushStopped
		},
	}
}

// ProvideBusinessZone is the zone of VITRINA_TIME_ZONE.
func ProvideBusinessZone(cfg Config) ports.BusinessZone {
	return ports.BusinessZone{Location: cfg.TimeZone}
}

// SystemClock is the wall clock.
type SystemClock struct{}

// Now is time.Now in UTC.
func (SystemClock) Now() time.Time { return time.Now().UTC() }

// ProvideLogger builds zap: console for people, JSON for machines.
func ProvideLogger(cfg Config) (*zap.Logger, func(), error) {
	level, err := zapcore.ParseLevel(cfg.LogLevel)
	if err != nil {
		return nil, nil, err
	}
	var zc zap.Config
	if cfg.LogFormat == "json" {
		zc = zap.NewProductionConfig()
	} else {
		zc = zap.NewDevelopmentConfig()
		zc.DisableStacktrace = true
		zc.EncoderConfig.EncodeLevel = zapcore.CapitalColorLevelEncoder
	}
	zc.Level = zap.NewAtomicLevelAt(level)
	log, err := zc.Build()
	if err != nil {
		return nil, nil, err
	}
	return log, func() { _ = log.Sync() }, nil
}

// ProvideDB opens the configured database, its pool watched by m and its lists' statements
// timed by it.
func ProvideDB(ctx context.Context, cfg Config, m *metrics.Metrics) (*bun.DB, func(), error) {
	db, err := persistence.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	m.WatchDB(db.DB)
	return persistence.TimeLists(db, m), func() { _ = db.Close() }, nil
}

// ProvideIdentityConfig is the identity service's settings.
func ProvideIdentityConfig(cfg Config) appidentity.Config {
	return appidentity.Config{TokenTTL: cfg.TokenTTL, SessionIdle: cfg.SessionIdle}
}

// ProvideSecretBox seals the two-factor secrets under VITRINA_SECRET_KEY (ADR 0037); without
// the key it seals nothing, and two-factor cannot be set up.
func ProvideSecretBox(cfg Config) (*security.SecretBox, error) {
	if cfg.SecretKey == "" {
		return security.NewSecretBox(nil)
	}
	key, err := security.ParseSecretKey(cfg.SecretKey)
	if err != nil {
		return nil, err
	}
	return security.NewSecretBox(key)
}

// ProvideTwoFactor is what two-factor sign-in and the sessions list use.
func ProvideTwoFactor(store *persistence.MFA, box *security.SecretBox, sessions *persistence.Sessions) identityports.TwoFactor {
	return identityports.TwoFactor{Store: store, Box: box, Sessions: sessions}
}

// ProvideDeviceCookies signs sign-in's device cookies (ADR 0025) with a key derived from
// VITRINA_SECRET_KEY, or, without it, with one made once and kept in the database, so that
// every instance over the database signs alike.
func ProvideDeviceCookies(cfg Config, secrets *persistence.Secrets) *security.DeviceCookies {
	if cfg.SecretKey != "" {
		return security.NewDeviceCookies(security.SecretKey(cfg.SecretKey))
	}
	return security.NewDeviceCookies(security.StoredKey(secrets.Ensure))
}

// ProvideHasher is argon2id with the default cost.
func ProvideHasher() *security.Argon2Hasher { return security.NewArgon2Hasher(security.DefaultArgon2) }

// ProvideServer assembles the HTTP server.
func ProvideServer(cfg Config, log *zap.Logger, id *appidentity.Service, cat *appcatalog.Service, pa *apppartner.Service,
	co *appcontent.Service, devices *appcontent.Devices, notices *appcontent.Notifications, cm *appcampaign.Service, sheets *appcampaign.Sheets, activity *appactivity.Service, bulk *appactivity.Bulk, bulkPaths BulkPaths, zone ports.BusinessZone, images *storage.Images, az ports.Authorizer, p ports.Pinger,
	overview partnerports.OverviewLists, readiness server.Readiness, m *metrics.Metrics) *server.Server {
	return server.New(server.Deps{Log: log, Readiness: readiness, Meter: m, TrustProxy: cfg.TrustProxy, HSTS: cfg.HSTS, Exports: cfg.Exports, Identity: id, Catalog: cat, Partner: pa, Content: co, Devices: devices, Notifications: notices, Campaign: cm, Sheets: sheets, Activity: activity, Bulk: bulk, BulkPaths: bulkPaths, Zone: zone,
		Overview: overview, Images: images,
		Authz: az, Pinger: p, SPA: frontend.Dist(), Map: server.MapSettings{Tiles: cfg.MapTiles, Attribution: cfg.MapAttribution}})
}

// ProvidePush is FCM when VITRINA_FCM_CREDENTIALS names a service account, else the sender
// that says push is not configured; every attempt counted and timed by m.
func ProvidePush(cfg Config, log *zap.Logger, m *metrics.Metrics) (ports.PushSender, error) {
	if cfg.FCMCredentials == "" {
		return m.MeterPush(push.NotConfigured{Log: log}), nil
	}
	fcm, err := push.NewFCM(push.FCMConfig{CredentialsFile: cfg.FCMCredentials, Endpoint: cfg.FCMEndpoint, Timeout: cfg.PushTimeout})
	if err != nil {
		return nil, err
	}
	return m.MeterPush(fcm), nil
}

// ProvideSender is the outbox's sender, its failures logged.
func ProvideSender(outbox contentports.Outbox, p ports.PushSender, clock ports.Clock, cfg Config, log *zap.Logger) *appcontent.Sender {
	s := appcontent.NewSender(outbox, p, clock, cfg.PushTimeout)
	s.OnError = func(err error) { log.Warn("push round failed", zap.Error(err)) }
	return s
}

// ProvideNotifications is the notifications' use cases over the sender.
func ProvideNotifications(outbox contentports.Outbox, lists contentports.NotificationLists, catalog contentports.Catalog,
	p ports.PushSender, sender *appcontent.Sender, clock ports.Clock, cfg Config) *appcontent.Notifications {
	return appcontent.NewNotifications(outbox, lists, catalog, p, sender, clock, cfg.PushWait)
}

// ProvideBlobs is where the uploaded files go (ADR 0039): the bucket VITRINA_STORAGE_URL
// names, which must exist (it is checked here, so a wrong bucket stops the start with one
// clear line, and never created), or else the data directory.
func ProvideBlobs(ctx context.Context, cfg Config) (storage.Blobs, error) {
	if cfg.S3.Bucket == "" {
		return storage.NewDir(cfg.DataDir), nil
	}
	b, err := storage.NewBucket(cfg.S3)
	if err != nil {
		return nil, fmt.Errorf("VITRINA_STORAGE_URL: %w", err)
	}
	if err := b.Check(ctx); err != nil {
		return nil, fmt.Errorf("VITRINA_STORAGE_URL: %w", err)
	}
	return b, nil
}

// ProvideImages keeps uploaded images in the blob store.
func ProvideImages(blobs storage.Blobs) *storage.Images { return storage.NewImagesIn(blobs) }

// ProvideCategoryUsages lists the contexts whose active records use categories.
func ProvideCategoryUsages(partners *persistence.PartnerCategoryUsage, sliders *persistence.SliderCategoryUsage,
	campaigns *persistence.CampaignUsage) appcatalog.CategoryUsages {
	return appcatalog.CategoryUsages{partners, sliders, campaigns}
}

// ProvideProductUsages lists the contexts whose active records hold products.
func ProvideProductUsages(campaigns *persistence.CampaignUsage) appcatalog.ProductUsages {
	return appcatalog.ProductUsages{campaigns}
}

// PersistenceSet binds the stores to the ports: each context's own stores, then the small
// adapters answering the narrow ports one context asks another through (ADR 0014).
var PersistenceSet = wire.NewSet(
	ProvideDB,
	persistence.NewTxManager, persistence.NewPinger, persistence.NewLocks, wire.Bind(new(ports.Locks), new(*persistence.Locks)),
	wire.Bind(new(ports.TxManager), new(*persistence.TxManager)),
	wire.Bind(new(ports.Pinger), new(*persistence.Pinger)),

	persistence.NewUsers, persistence.NewUserLists, persistence.NewSessions, persistence.NewLoginAttempts,
	wire.Bind(new(identityports.UserRepository), new(*persistence.Users)),
	wire.Bind(new(identityports.SessionStore), new(*persistence.Sessions)),
	wire.Bind(new(identityports.LoginAttempts), new(*persistence.LoginAttempts)),
	persistence.NewMFA, ProvideSecretBox, ProvideTwoFactor,
	persistence.NewSecrets, ProvideDeviceCookies, wire.Bind(new(identityports.DeviceCookies), new(*security.DeviceCookies)),
	persistence.NewPartnerDirectory, wire.Bind(new(identityports.PartnerDirectory), new(*persistence.PartnerDirectory)),

	persistence.NewCatalog, persistence.NewCatalogLists,
	wire.Bind(new(catalogports.CatalogRepository), new(*persistence.Catalog)),
	persistence.NewPartnerCategoryUsage,

	persistence.NewPartnerIndex, persistence.NewPartnerStore, persistence.NewPartnerLists, persistence.NewOverviewLists,
	wire.Bind(new(partnerports.PartnerRepository), new(*persistence.PartnerStore)),
	wire.Bind(new(partnerports.Types), new(*persistence.PartnerStore)),
	persistence.NewPartnerCatalog, wire.Bind(new(partnerports.Catalog), new(*persistence.PartnerCatalog)),
	persistence.NewPartnerAppSessions, wire.Bind(new(partnerports.AppSessions), new(*persistence.PartnerAppSessions)),

	persistence.NewSliderStore, persistence.NewContentLists, persistence.NewPartnerSliders,
	wire.Bind(new(contentports.SliderRepository), new(*persistence.SliderStore)),
	wire.Bind(new(contentports.PartnerSliders), new(*persistence.PartnerSliders)),
	persistence.NewContentPartners, wire.Bind(new(contentports.Partners), new(*persistence.ContentPartners)),
	persistence.NewContentCatalog, wire.Bind(new(contentports.Catalog), new(*persistence.ContentCatalog)),
	persistence.NewSliderCategoryUsage,
	persistence.NewNotificationStore, wire.Bind(new(contentports.Outbox), new(*persistence.NotificationStore)),
	persistence.NewNotificationLists,

	persistence.NewCampaignStore, persistence.NewCampaignLists, persistence.NewCampaignApp, persistence.NewCampaignUsage,
	wire.Bind(new(campaignports.Repository), new(*persistence.CampaignStore)),
	wire.Bind(new(campaignports.AppReads), new(*persistence.CampaignApp)),
	persistence.NewCampaignPartners, wire.Bind(new(campaignports.Partners), new(*persistence.CampaignPartners)),
	persistence.NewCampaignCatalog, wire.Bind(new(campaignports.Catalog), new(*persistence.CampaignCatalog)),
	persistence.NewCampaignSheets, wire.Bind(new(campaignports.SheetStore), new(*persistence.CampaignSheets)),

	persistence.NewAuditLog, wire.Bind(new(ports.AuditLog), new(*persistence.AuditLog)),
	persistence.NewAuditRecords, wire.Bind(new(appactivity.Records), new(*persistence.AuditRecords)),
	persistence.NewAuditRetention,
	persistence.NewBulkRuns, wire.Bind(new(appactivity.Runs), new(*persistence.BulkRuns)),
)

// ApplicationSet is the use cases and the adapters they need besides storage.
var ApplicationSet = wire.NewSet(
	ProvideIdentityConfig, appidentity.NewService,
	appcatalog.NewService, ProvideCategoryUsages, ProvideProductUsages,
	apppartner.NewService, excel.New, wire.Bind(new(ports.Spreadsheet), new(*excel.Workbooks)),
	appcampaign.NewService, appcampaign.NewSheets,
	appactivity.NewService, ProvideReverters, ProvideRetention, ProvideBulkTargets, ProvideBulkPaths, ProvideBulk,
	appcontent.NewService, appcontent.NewDevices, ProvidePush, ProvideSender, ProvideNotifications, persistence.NewDeviceStore, wire.Bind(new(contentports.DeviceRepository), new(*persistence.DeviceStore)),
	richtext.New, wire.Bind(new(ports.HTMLSanitizer), new(*richtext.Sanitizer)),
	ProvideBlobs, ProvideImages, wire.Bind(new(ports.ImageStore), new(*storage.Images)),
	ProvideHasher, wire.Bind(new(ports.PasswordHasher), new(*security.Argon2Hasher)),
	authz.New, wire.Bind(new(ports.Authorizer), new(*authz.Enforcer)), wire.Bind(new(ports.Permissions), new(*authz.Enforcer)),
	wire.Struct(new(SystemClock)), wire.Bind(new(ports.Clock), new(SystemClock)), ProvideBusinessZone,
)

// ProvideRetention is the audit log's retention job: events older than
// VITRINA_AUDIT_RETENTION go to monthly workbooks under <VITRINA_DATA_DIR>/audit, or
// audit/ of the bucket.
func ProvideRetention(cfg Config, log *persistence.AuditRetention, locks ports.Locks, sheets ports.Spreadsheet, clock ports.Clock, blobs storage.Blobs) *appactivity.Retention {
	var files ports.ArchiveFiles = storage.NewArchive(filepath.Join(cfg.DataDir, "audit"))
	if cfg.S3.Bucket != "" {
		files = storage.NewObjectArchive(blobs)
	}
	return appactivity.NewRetention(log, locks, files, sheets, clock, cfg.AuditRetention)
}

// ProvideReverters are the resources whose changes the activity log can revert, each
// through its own context's edit (issue 21): a partner's contacts through the partner
// context, a slider through content's, a campaign and its partners' cash through the
// campaign context's.
func ProvideReverters(partners *apppartner.Service, catalog *appcatalog.Service, users *appidentity.Service,
	sliders *appcontent.Service, campaigns *appcampaign.Service) appactivity.Reverters {
	out := appactivity.Reverters{"partners": partners, "users": users, "contacts": partners.ContactReverter(),
		"sliders": sliders, "campaigns": campaigns.CampaignReverter(), "campaign_partners": campaigns.CashReverter()}
	for resource, rv := range catalog.Reverters() {
		out[resource] = rv
	}
	return out
}

// Package bootstrap composes Vitrina: configuration, Wire injectors and the commands of
// the one binary.
package bootstrap

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"vitrina/adapters/security"
	"vitrina/adapters/storage"
	"vitrina/domain/identity"

	// The zone database inside the binary: VITRINA_TIME_ZONE works on a machine without one.
	_ "time/tzdata"
)

// Config is the environment of architecture §2.
type Config struct {
	Addr string
	// MetricsAddr is where /metrics listens, apart from the API; empty: no metrics listener.
	MetricsAddr   string
	DatabaseURL   string
	DataDir       string
	TokenTTL      time.Duration
	AdminUsername string
	AdminPassword string
	LogFormat     string // console | json
	LogLevel      string
	TrustProxy    bool
	// SecretKey signs the device cookies of sign-in (ADR 0025; without it a key is made
	// once and kept in the database) and seals the two-factor secrets (ADR 0037): 32 bytes
	// written as 64 hex digits.
	SecretKey string
	// MFARequiredRoles is the starting two-factor policy (VITRINA_MFA_REQUIRED_ROLES): used
	// when no policy was stored yet; the panel changes it afterwards.
	MFARequiredRoles []string
	// SessionIdle ends a panel session not used for longer (VITRINA_SESSION_IDLE).
	SessionIdle    time.Duration
	MapTiles       string // URL template of the store map's tiles, {z}/{x}/{y}
	MapAttribution string
	// TimeZone is the business's zone: the calendar that date rules count days in.
	TimeZone *time.Location
	// FCMCredentials names a Google service account's JSON key; without it push is not
	// configured. FCMEndpoint is FCM's base address.
	FCMCredentials string
	FCMEndpoint    string
	// PushWait is how long a call that sends a notification waits for its first attempts;
	// PushTimeout bounds one message to the provider.
	PushWait    time.Duration
	PushTimeout time.Duration
	// Exports is how many spreadsheet downloads are written at once (429 beyond it).
	Exports int
	// HSTS sends Strict-Transport-Security on every answer; without it only on answers to
	// requests that came over TLS (directly, or by a trusted proxy's X-Forwarded-Proto).
	HSTS bool
	// AuditRetention is how long audit events stay in the log before the retention job
	// archives them to <DataDir>/audit, or audit/ of the bucket (ADR 0031).
	AuditRetention time.Duration
	// UndoWindow is how long after it finished a bulk action can be undone
	// (VITRINA_UNDO_WINDOW, default 30 minutes; ADR 0043).
	UndoWindow time.Duration
	// S3 is the bucket of the images and the audit archive when VITRINA_STORAGE_URL names
	// one (S3.Bucket set); otherwise they stay under DataDir (ADR 0039). Its endpoint and
	// credentials are read even without it, for `vitrina storage copy`.
	S3 storage.S3Config
}

// bucketName is S3's rule for a bucket's name (3 to 63 lower-case letters, digits, dots and
// hyphens, starting and ending with a letter or digit).
var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

// ParseStorageURL reads s3://bucket/optional/prefix into a bucket and a prefix.
func ParseStorageURL(v string) (bucket, prefix string, err error) {
	u, err := url.Parse(v)
	if err != nil || u.Scheme != "s3" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Port() != "" || !bucketName.MatchString(u.Host) {
		return "", "", fmt.Errorf("want s3://bucket or s3://bucket/prefix, got %q", v)
	}
	prefix = strings.TrimSuffix(strings.TrimPrefix(u.Path, "/"), "/")
	if prefix != "" {
		for _, seg := range strings.Split(prefix, "/") {
			if seg == "" || seg == "." || seg == ".." {
				return "", "", fmt.Errorf("want s3://bucket/prefix with plain folder names, got %q", v)
			}
		}
	}
	return u.Host, prefix, nil
}

// loadS3 reads the bucket's settings, each falling back to the AWS variable of the same
// meaning; a path-style address is the default with an endpoint (self-hosted servers).
func loadS3(getenv func(string) string) (storage.S3Config, error) {
	first := func(keys ...string) string {
		for _, k := range keys {
			if v := strings.TrimSpace(getenv(k)); v != "" {
				return v
			}
		}
		return ""
	}
	c := storage.S3Config{
		Endpoint:        strings.TrimSuffix(first("VITRINA_S3_ENDPOINT", "AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"), "/"),
		Region:          first("VITRINA_S3_REGION", "AWS_REGION", "AWS_DEFAULT_REGION"),
		AccessKeyID:     first("VITRINA_S3_ACCESS_KEY_ID", "AWS_ACCESS_KEY_ID"),
		SecretAccessKey: first("VITRINA_S3_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY"),
		SessionToken:    first("AWS_SESSION_TOKEN"),
	}
	if _, _, err := storage.ParseEndpoint(c.Endpoint); err != nil {
		return c, fmt.Errorf("VITRINA_S3_ENDPOINT: %w", err)
	}
	if (c.AccessKeyID == "") != (c.SecretAccessKey == "") {
		return c, fmt.Errorf("VITRINA_S3_ACCESS_KEY_ID and VITRINA_S3_SECRET_ACCESS_KEY go together")
	}
	c.PathStyle = c.Endpoint != ""
	if v := getenv("VITRINA_S3_PATH_STYLE"); v != "" {
		var err error
		if c.PathStyle, err = strconv.ParseBool(v); err != nil {
			return c, fmt.Errorf("VITRINA_S3_PATH_STYLE: want true or false")
		}
	}
	return c, nil
}

// MinAuditRetention is the shortest retention VITRINA_AUDIT_RETENTION accepts.
const MinAuditRetention = 30 * 24 * time.Hour

// parseRetention reads a retention as whole days ("1095", "1095d") or a Go duration
// ("26280h"); a day is 24 hours.
func parseRetention(v string) (time.Duration, error) {
	days := strings.TrimSuffix(v, "d")
	if n, err := strconv.ParseInt(days, 10, 64); err == nil {
		if n < 0 || n > 100*366 {
			return 0, fmt.Errorf("out of range")
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	return time.ParseDuration(v)
}

// rolesList names the roles for a configuration error.
func rolesList() string {
	names := []string{}
	for _, r := range identity.Roles() {
		names = append(names, string(r))
	}
	return strings.Join(names, ", ")
}

// LoadConfig reads the environment, with the documented defaults.
func LoadConfig(getenv func(string) string) (Config, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	get := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	cfg := Config{
		Addr:           get("VITRINA_ADDR", "127.0.0.1:8080"),
		MetricsAddr:    getenv("VITRINA_METRICS_ADDR"),
		DatabaseURL:    get("VITRINA_DATABASE_URL", "sqlite://data/vitrina.db"),
		DataDir:        get("VITRINA_DATA_DIR", "data"),
		AdminUsername:  getenv("VITRINA_ADMIN_USERNAME"),
		AdminPassword:  getenv("VITRINA_ADMIN_PASSWORD"),
		LogFormat:      get("VITRINA_LOG_FORMAT", "console"),
		LogLevel:       get("VITRINA_LOG_LEVEL", "info"),
		MapTiles:       get("VITRINA_MAP_TILES", "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}"),
		MapAttribution: get("VITRINA_MAP_ATTRIBUTION", "Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community"),
	}
	if cfg.MetricsAddr != "" {
		if _, _, err := net.SplitHostPort(cfg.MetricsAddr); err != nil {
			return Config{}, fmt.Errorf("VITRINA_METRICS_ADDR: want host:port, like 127.0.0.1:9090")
		}
		if cfg.MetricsAddr == cfg.Addr && !strings.HasSuffix(cfg.Addr, ":0") {
			return Config{}, fmt.Errorf("VITRINA_METRICS_ADDR: want a listener apart from VITRINA_ADDR")
		}
	}
	if u, err := url.Parse(cfg.MapTiles); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return Config{}, fmt.Errorf("VITRINA_MAP_TILES: want an http(s) URL template with {z}, {x} and {y}")
	}
	zone, err := time.LoadLocation(get("VITRINA_TIME_ZONE", "Europe/Podgorica"))
	if err != nil || zone.String() == "Local" {
		return Config{}, fmt.Errorf("VITRINA_TIME_ZONE: want an IANA time zone such as Europe/Podgorica")
	}
	cfg.TimeZone = zone
	ttl, err := time.ParseDuration(get("VITRINA_TOKEN_TTL", "12h"))
	if err != nil || ttl < time.Minute {
		return Config{}, fmt.Errorf("VITRINA_TOKEN_TTL: want a duration of at least 1m, like 12h")
	}
	cfg.TokenTTL = ttl
	if cfg.LogFormat != "console" && cfg.LogFormat != "json" {
		return Config{}, fmt.Errorf("VITRINA_LOG_FORMAT: want console or json, got %q", cfg.LogFormat)
	}
	if v := getenv("VITRINA_TRUST_PROXY"); v != "" {
		if cfg.TrustProxy, err = strconv.ParseBool(v); err != nil {
			return Config{}, fmt.Errorf("VITRINA_TRUST_PROXY: want true or false")
		}
	}
	if cfg.SecretKey = strings.TrimSpace(getenv("VITRINA_SECRET_KEY")); cfg.SecretKey != "" {
		if _, err := security.ParseSecretKey(cfg.SecretKey); err != nil {
			return Config{}, err
		}
	}
	if v := getenv("VITRINA_MFA_REQUIRED_ROLES"); strings.TrimSpace(v) != "" {
		for _, r := range strings.Split(v, ",") {
			if r = strings.TrimSpace(r); r != "" {
				cfg.MFARequiredRoles = append(cfg.MFARequiredRoles, r)
			}
		}
		if _, err := identity.ParseRoles(cfg.MFARequiredRoles); err != nil {
			return Config{}, fmt.Errorf("VITRINA_MFA_REQUIRED_ROLES: want roles separated by commas, of %s", rolesList())
		}
		if cfg.SecretKey == "" {
			return Config{}, fmt.Errorf("VITRINA_MFA_REQUIRED_ROLES needs VITRINA_SECRET_KEY (64 hex digits; openssl rand -hex 32), which seals the two-factor secrets")
		}
	}
	if cfg.SessionIdle, err = time.ParseDuration(get("VITRINA_SESSION_IDLE", "8h")); err != nil || cfg.SessionIdle < time.Minute {
		return Config{}, fmt.Errorf("VITRINA_SESSION_IDLE: want a duration of at least 1m, like 8h")
	}
	if (cfg.AdminUsername == "") != (cfg.AdminPassword == "") {
		return Config{}, fmt.Errorf("VITRINA_ADMIN_USERNAME and VITRINA_ADMIN_PASSWORD go together")
	}
	cfg.FCMCredentials = getenv("VITRINA_FCM_CREDENTIALS")
	cfg.FCMEndpoint = get("VITRINA_FCM_ENDPOINT", "https://fcm.googleapis.com")
	if u, err := url.Parse(cfg.FCMEndpoint); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return Config{}, fmt.Errorf("VITRINA_FCM_ENDPOINT: want an http(s) address such as https://fcm.googleapis.com")
	}
	// A send's answer must come well inside a request's time limit.
	if cfg.PushWait, err = time.ParseDuration(get("VITRINA_PUSH_WAIT", "10s")); err != nil || cfg.PushWait < 0 || cfg.PushWait > time.Minute {
		return Config{}, fmt.Errorf("VITRINA_PUSH_WAIT: want a duration from 0s to 1m, like 10s")
	}
	if cfg.PushTimeout, err = time.ParseDuration(get("VITRINA_PUSH_TIMEOUT", "10s")); err != nil || cfg.PushTimeout < 100*time.Millisecond || cfg.PushTimeout > time.Minute {
		return Config{}, fmt.Errorf("VITRINA_PUSH_TIMEOUT: want a duration from 100ms to 1m, like 10s")
	}
	if cfg.Exports, err = strconv.Atoi(get("VITRINA_EXPORTS", "2")); err != nil || cfg.Exports < 1 || cfg.Exports > 64 {
		return Config{}, fmt.Errorf("VITRINA_EXPORTS: want a whole number from 1 to 64, like 2")
	}
	if v := getenv("VITRINA_HSTS"); v != "" {
		if cfg.HSTS, err = strconv.ParseBool(v); err != nil {
			return Config{}, fmt.Errorf("VITRINA_HSTS: want true or false")
		}
	}
	if cfg.AuditRetention, err = parseRetention(get("VITRINA_AUDIT_RETENTION", "1095d")); err != nil || cfg.AuditRetention < MinAuditRetention {
		return Config{}, fmt.Errorf("VITRINA_AUDIT_RETENTION: want at least 30 days, as days (1095d) or a duration (26280h)")
	}
	if cfg.UndoWindow, err = time.ParseDuration(get("VITRINA_UNDO_WINDOW", "30m")); err != nil || cfg.UndoWindow < time.Minute || cfg.UndoWindow > 7*24*time.Hour {
		return Config{}, fmt.Errorf("VITRINA_UNDO_WINDOW: want a duration from 1m to 168h, like 30m")
	}
	if cfg.S3, err = loadS3(getenv); err != nil {
		return Config{}, err
	}
	if v := strings.TrimSpace(getenv("VITRINA_STORAGE_URL")); v != "" {
		if cfg.S3.Bucket, cfg.S3.Prefix, err = ParseStorageURL(v); err != nil {
			return Config{}, fmt.Errorf("VITRINA_STORAGE_URL: %w (empty: the data directory)", err)
		}
	}
	return cfg, nil
}

package push_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vitrina/adapters/push"
	"vitrina/adapters/push/fakefcm"
	"vitrina/ports"
)

// BenchmarkFCMSend sends 100,000 messages, 64 at a time, through the FCM adapter to the fake
// FCM on loopback, then the same messages by a bare loop that posts them with net/http (one
// access token got beforehand, the same JSON, the same connection pool, no classification),
// and reports both rates and the adapter's time over the bare loop's: "the bare Go program"
// of issue 13. Run it with -benchtime 1x.
func BenchmarkFCMSend(b *testing.B) {
	const messages, parallel = 100_000, 64
	fake := fakefcm.Start(b)
	fake.KeepMessages(false)
	f, err := push.NewFCM(push.FCMConfig{CredentialsFile: fake.WriteCredentials(b), Endpoint: fake.URL})
	if err != nil {
		b.Fatal(err)
	}
	msg := func(i int) ports.PushMessage {
		return ports.PushMessage{
			Token: fmt.Sprintf("device-%06d-%s", i, "fGx1kR9yQd2_k3vZ0aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"),
			Title: "Nova promocija", Body: "Pogledajte novu promociju u aplikaciji",
			Data: map[string]string{"slider_id": "7", "kind": "promotion"},
		}
	}

	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.MaxIdleConnsPerHost = 128 // as the adapter's own client
	bare := &http.Client{Transport: transport}
	access := fake.IssueAccessToken()
	sendURL := fake.URL + "/v1/projects/" + fakefcm.ProjectID + "/messages:send"
	bareSend := func(m ports.PushMessage) error {
		body, err := json.Marshal(map[string]any{"message": map[string]any{
			"token": m.Token, "notification": map[string]string{"title": m.Title, "body": m.Body}, "data": m.Data,
		}})
		if err != nil {
			return err
		}
		req, err := http.NewRequest(http.MethodPost, sendURL, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+access)
		req.Header.Set("Content-Type", "application/json")
		resp, err := bare.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		return nil
	}

	var adapterTime, bareTime time.Duration
	for b.Loop() {
		start := time.Now()
		fanOut(b, messages, parallel, func(i int) error {
			res, err := f.Send(context.Background(), msg(i))
			if err == nil && res.Outcome != ports.PushSent {
				err = fmt.Errorf("%+v", res)
			}
			return err
		})
		adapterTime += time.Since(start)
		start = time.Now()
		fanOut(b, messages, parallel, func(i int) error { return bareSend(msg(i)) })
		bareTime += time.Since(start)
	}
	if want := 2 * messages * b.N; fake.Sent() != want {
		b.Fatalf("the fake took %d messages, want %d", fake.Sent(), want)
	}
	if fake.TokenRequests() != 1 {
		b.Fatalf("%d token requests", fake.TokenRequests())
	}
	b.ReportMetric(float64(messages*b.N)/adapterTime.Seconds(), "adapter-msgs/s")
	b.ReportMetric(float64(messages*b.N)/bareTime.Seconds(), "bare-msgs/s")
	b.ReportMetric(adapterTime.Seconds()/bareTime.Seconds(), "adapter/bare-time")
}

// fanOut calls send for 0…n-1, parallel at a time, and fails b on the first error.
func fanOut(b *testing.B, n, parallel int, send func(i int) error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for range parallel {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				if err := send(i); err != nil {
					once.Do(func() { first = fmt.Errorf("message %d: %w", i, err) })
				}
			}
		})
	}
	wg.Wait()
	if first != nil {
		b.Fatal(first)
	}
}

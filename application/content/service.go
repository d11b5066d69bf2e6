// Package content is the use-case layer of what partners see: sliders in the panel (with
// their images, safe rich text, visibility, the partners who signed up or ordered and their
// Excel list) and in the partners' app (the sliders shown to a partner, its seminar sign-ups
// and promotion orders).
package content

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"

	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// ImageKind is the folder of slider images: banners, extra images and the images of pages.
const ImageKind = "sliders"

// The sizes slider images keep (ADR 0018): a banner fills a phone's or a monitor's width;
// an image of a page is shown at most at the width of the page.
var (
	BannerImage  = ports.ImageKind{Folder: ImageKind, MaxSide: 1920}
	ContentImage = ports.ImageKind{Folder: ImageKind, MaxSide: 1280}
)

// ImageLink is the address of a slider image.
func ImageLink(name string) string { return "/api/images/" + ImageKind + "/" + name }

// MaxConfirm is the most sign-ups one confirmation names.
const MaxConfirm = 1000

// Errors of the use cases.
var (
	errCategories   = kernel.FieldError("categories", "The selected categories is invalid.")
	errNoSlider     = kernel.NotFound("slider")
	ErrNotSignedUp  = kernel.FieldError("partners", "The selected partners have not signed up.")
	errManyPartners = kernel.FieldError("partners", "The partners may not have more than "+strconv.Itoa(MaxConfirm)+" items.")
)

// Service is the content use cases.
type Service struct {
	repo     contentports.SliderRepository
	lists    contentports.ContentLists
	shown    contentports.PartnerSliders
	partners contentports.Partners
	catalog  contentports.Catalog
	images   ports.ImageStore
	html     ports.HTMLSanitizer
	sheets   ports.Spreadsheet
	tx       ports.TxManager
	clock    ports.Clock
	zone     ports.BusinessZone
	notices  *Notifications
}

// NewService wires the content use cases.
func NewService(repo contentports.SliderRepository, lists contentports.ContentLists, shown contentports.PartnerSliders,
	partners contentports.Partners, catalog contentports.Catalog, images ports.ImageStore, html ports.HTMLSanitizer,
	sheets ports.Spreadsheet, tx ports.TxManager, clock ports.Clock, zone ports.BusinessZone, notices *Notifications) *Service {
	return &Service{repo: repo, lists: lists, shown: shown, partners: partners, catalog: catalog, images: images, html: html,
		sheets: sheets, tx: tx, clock: clock, zone: zone, notices: notices}
}

// Lists are the content context's list screens.
func (s *Service) Lists() contentports.ContentLists { return s.lists }

// Today is the day the rules count from: the clock's calendar day in the business's zone.
func (s *Service) Today() content.Date { return content.DateOf(s.zone.Local(s.clock.Now())) }

// AvailableDates are the days of dates from today on.
func (s *Service) AvailableDates(dates []string) []string {
	today := s.Today().String()
	out := []string{}
	for _, d := range dates {
		if d >= today {
			out = append(out, d)
		}
	}
	return out
}

// SliderForm is the add and edit form: the fields as typed (the page's HTML untouched) and
// the files sent, nil for none. Remove drops the old images of the page: the stored extra
// image, and every image of the new page that the old page already had (images uploaded
// while editing stay).
type SliderForm struct {
	Input content.Input
	// By is the user who saves it: the sender of the notification it may send.
	By      kernel.ID
	Image   io.Reader
	Wysiwyg io.Reader
	Remove  bool
}

// check answers the form's problems before anything is stored: every field error at once
// (the categories that do not exist among them), then the dates' 436.
func (s *Service) check(ctx context.Context, in content.Input, creating, hasImage bool) error {
	var v kernel.Validation
	err := content.Check(in, creating, hasImage, s.Today())
	if other := v.Merge(err); other != nil && kernel.KindOf(other) != kernel.KindBadDates {
		return other
	}
	if len(in.CategoryIDs) > 0 && len(in.CategoryIDs) <= content.MaxCategories {
		missing, err := s.catalog.MissingCategories(ctx, in.CategoryIDs)
		if err != nil {
			return err
		}
		if len(missing) > 0 {
			v.Merge(errCategories)
		}
	}
	if verr := v.Err(); verr != nil {
		return verr
	}
	if kernel.KindOf(err) == kernel.KindBadDates {
		return err
	}
	return nil
}

// safePage reduces the typed page to the safe subset; drop leaves out images as well.
func (s *Service) safePage(in *content.Input, drop func(string) bool) {
	if in.Type.HasPage() {
		in.PageContent = s.html.Sanitize(in.PageContent, drop)
	} else {
		in.PageContent = ""
	}
}

// storeImages saves the form's files: the banner, and the extra image when the type shows
// one. It returns their names ("" for none); on failure nothing stays stored.
func (s *Service) storeImages(ctx context.Context, f SliderForm) (banner, extra string, err error) {
	if f.Image != nil {
		if banner, err = s.images.Save(ctx, BannerImage, "image", f.Image); err != nil {
			return "", "", err
		}
	}
	if f.Wysiwyg != nil && f.Input.Type.HasPage() {
		if extra, err = s.images.Save(ctx, ContentImage, "wyswygimg", f.Wysiwyg); err != nil {
			s.deleteImages(banner)
			return "", "", err
		}
	}
	return banner, extra, nil
}

func (s *Service) deleteImages(names ...string) {
	for _, n := range names {
		if n != "" {
			_ = s.images.Delete(ImageKind, n)
		}
	}
}

// Create adds a slider: the form is checked, the page made safe and the images stored
// before the slider is saved; a failed save deletes the images again.
func (s *Service) Create(ctx context.Context, f SliderForm) (contentports.SliderView, error) {
	in := f.Input
	if err := s.check(ctx, in, true, f.Image != nil); err != nil {
		return contentports.SliderView{}, err
	}
	s.safePage(&in, nil)
	banner, extra, err := s.storeImages(ctx, f)
	if err != nil {
		return contentports.SliderView{}, err
	}
	in.Image, in.Wysiwyg = banner, extra
	now := s.clock.Now()
	sl, err := content.New(in, s.Today(), now)
	var notice kernel.ID
	if err == nil {
		err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
			if err := s.repo.Add(ctx, sl); err != nil {
				return err
			}
			notice, err = s.announce(ctx, content.SliderNotification(sl, sl.ID(), false, now), f.By)
			return err
		})
	}
	if err != nil {
		s.deleteImages(banner, extra)
		return contentports.SliderView{}, err
	}
	return s.saved(ctx, sl.ID(), notice)
}

// announce enqueues the notification a slider's save sends, if any, in the save's
// transaction.
func (s *Service) announce(ctx context.Context, note *content.Notification, by kernel.ID) (kernel.ID, error) {
	if note == nil || s.notices == nil {
		return 0, nil
	}
	return s.notices.Enqueue(ctx, *note, by)
}

// saved is the answer of a slider's save: the slider, and when the save sent a notification,
// its figures after the first attempts (a *PartialDelivery error when some failed for good).
func (s *Service) saved(ctx context.Context, id, notice kernel.ID) (contentports.SliderView, error) {
	if notice != 0 {
		s.notices.Wake()
	}
	v, err := s.lists.Sliders.Find(ctx, id)
	if err != nil || notice == 0 {
		return v, err
	}
	n, err := s.notices.Await(ctx, notice)
	v.Notification = &n
	return v, err
}

// Update edits a slider loaded at version. New images replace the old ones, which are then
// deleted; with Remove the old images of the page go (ADR 0018).
func (s *Service) Update(ctx context.Context, id kernel.ID, version kernel.Version, f SliderForm) (contentports.SliderView, error) {
	old, err := s.lists.Sliders.Find(ctx, id)
	if err != nil {
		return contentports.SliderView{}, err
	}
	in := f.Input
	if err := s.check(ctx, in, false, true); err != nil {
		return contentports.SliderView{}, err
	}
	var drop func(string) bool
	if f.Remove {
		previous := s.html.Images(old.PageContent)
		drop = func(src string) bool { return slices.Contains(previous, src) }
		in.RemoveWysiwyg = true
	}
	s.safePage(&in, drop)
	banner, extra, err := s.storeImages(ctx, f)
	if err != nil {
		return contentports.SliderView{}, err
	}
	in.Image, in.Wysiwyg = banner, extra
	today, now := s.Today(), s.clock.Now()
	var unused []string
	var notice kernel.ID
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var note *content.Notification
		_, err := s.repo.Update(ctx, id, version, func(sl *content.Slider, u content.Usage) error {
			pushBefore := sl.PushNotification()
			var err error
			unused, err = sl.Edit(in, u, today, now)
			note = content.SliderNotification(sl, id, pushBefore, now)
			return err
		})
		if err != nil {
			return err
		}
		notice, err = s.announce(ctx, note, f.By)
		return err
	})
	if err != nil {
		s.deleteImages(banner, extra)
		return contentports.SliderView{}, err
	}
	s.deleteImages(unused...)
	return s.saved(ctx, id, notice)
}

// Toggle deactivates or reactivates a slider; always allowed.
func (s *Service) Toggle(ctx context.Context, id kernel.ID) (bool, error) {
	now := s.clock.Now()
	sl, err := s.repo.Update(ctx, id, kernel.AnyVersion, func(sl *content.Slider, _ content.Usage) error {
		sl.ToggleActive(now)
		return nil
	})
	if err != nil {
		return false, err
	}
	return sl.IsActive(), nil
}

// ToggleVisible hides a slider, or shows it when it can be shown (422 otherwise).
func (s *Service) ToggleVisible(ctx context.Context, id kernel.ID) (bool, error) {
	today, now := s.Today(), s.clock.Now()
	sl, err := s.repo.Update(ctx, id, kernel.AnyVersion, func(sl *content.Slider, _ content.Usage) error {
		return sl.ToggleVisible(today, now)
	})
	if err != nil {
		return false, err
	}
	return sl.IsVisible(), nil
}

// UploadContentImage stores an image for a page (the editor's upload) and returns its
// address, the only kind of image address a page keeps.
func (s *Service) UploadContentImage(ctx context.Context, r io.Reader) (string, error) {
	name, err := s.images.Save(ctx, ContentImage, "image", r)
	if err != nil {
		return "", err
	}
	return ImageLink(name), nil
}

// PartnersPage is one page of a slider's partners with the total quantity of the filter.
type PartnersPage struct {
	ports.Page[contentports.SliderPartnerView]
	Quantity int64
}

// Partners lists the partners who signed up to or ordered from a slider.
func (s *Service) Partners(ctx context.Context, sliderID kernel.ID, q ports.ListQuery) (PartnersPage, error) {
	if _, err := s.lists.Sliders.Find(ctx, sliderID); err != nil {
		return PartnersPage{}, err
	}
	q = q.Within("slider_id", sliderID)
	page, err := s.lists.SliderPartners.List(ctx, q)
	if err != nil {
		return PartnersPage{}, err
	}
	total, err := s.lists.SliderPartners.TotalQuantity(ctx, q)
	if err != nil {
		return PartnersPage{}, err
	}
	return PartnersPage{Page: page, Quantity: total}, nil
}

// StreamPartners feeds a slider's whole filtered list of partners to fn.
func (s *Service) StreamPartners(ctx context.Context, sliderID kernel.ID, q ports.ListQuery, fn func(contentports.SliderPartnerView) error) error {
	if _, err := s.lists.Sliders.Find(ctx, sliderID); err != nil {
		return err
	}
	q.Page = 0
	return s.lists.SliderPartners.Stream(ctx, q.Within("slider_id", sliderID), fn)
}

// ExportColumns are the header of a slider's partners file.
var ExportColumns = []string{"id", "name", "categories", "dates", "quantity", "confirmed"}

// Export writes a slider's partners matching q, in q's order, row by row: the days as
// dd.mm.yyyy, the confirmation as 1 or 0.
func (s *Service) Export(ctx context.Context, w io.Writer, sliderID kernel.ID, q ports.ListQuery) error {
	if _, err := s.lists.Sliders.Find(ctx, sliderID); err != nil {
		return err // before the first byte: the answer is still the error's
	}
	return s.sheets.Write(ctx, w, "Partners", ExportColumns, func(emit func([]ports.SheetCell) error) error {
		return s.StreamPartners(ctx, sliderID, q, func(v contentports.SliderPartnerView) error {
			days := make([]string, 0, len(v.Dates))
			for _, d := range v.Dates {
				if day, ok := content.ParseDate(d); ok {
					days = append(days, day.Time().Format("02.01.2006"))
				}
			}
			confirmed := "0"
			if v.Confirmed {
				confirmed = "1"
			}
			return emit([]ports.SheetCell{
				{Value: strconv.FormatInt(v.PartnerID, 10), Number: true}, {Value: v.Name}, {Value: v.CategoryNames},
				{Value: strings.Join(days, ", ")}, {Value: strconv.FormatInt(v.Quantity, 10), Number: true}, {Value: confirmed, Number: true},
			})
		})
	})
}

// Confirm marks the sign-ups of the partners to a slider confirmed (the app shows each
// partner that its sign-up is); every partner named must have signed up. No partner is a
// valid confirmation of nobody (0), of a slider that exists.
func (s *Service) Confirm(ctx context.Context, sliderID kernel.ID, partners []kernel.ID) (int, error) {
	var ids []kernel.ID
	for _, p := range partners {
		if !slices.Contains(ids, p) {
			ids = append(ids, p)
		}
		if len(ids) > MaxConfirm {
			return 0, errManyPartners
		}
	}
	var n int
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.lists.Sliders.Find(ctx, sliderID); err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil // a confirmation of nobody: valid, and nothing changes
		}
		signed, err := s.repo.SignedUp(ctx, sliderID, ids)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if !signed[id] {
				return ErrNotSignedUp
			}
		}
		n, err = s.repo.Confirm(ctx, sliderID, ids, s.clock.Now())
		return err
	})
	return n, err
}

// VisibleTo lists the sliders a partner's app shows now: active, visible, inside their
// window and sharing a category with the partner, newest first, each with the partner's own
// sign-up days and confirmation, and order quantity.
func (s *Service) VisibleTo(ctx context.Context, partnerID kernel.ID) ([]contentports.PartnerSliderView, error) {
	cats, err := s.partners.PartnerCategories(ctx, partnerID)
	if err != nil {
		return nil, err
	}
	return s.shown.Shown(ctx, contentports.ShownQuery{PartnerID: partnerID, Categories: cats, Today: s.Today()})
}

// ShownTo is nil when the partner's app shows the slider now and not found otherwise (a
// missing slider, or one the partner does not see): the app's calls about a slider ask it
// before they judge their body.
func (s *Service) ShownTo(ctx context.Context, partnerID, sliderID kernel.ID) error {
	cats, err := s.partners.PartnerCategories(ctx, partnerID)
	if err != nil {
		return err
	}
	vs, err := s.shown.Shown(ctx, contentports.ShownQuery{PartnerID: partnerID, Categories: cats, Today: s.Today(), SliderID: sliderID})
	if err != nil {
		return err
	}
	if len(vs) == 0 {
		return errNoSlider
	}
	return nil
}

// SignUp signs a partner up to a seminar it sees for some of its days (replacing an earlier
// sign-up; none withdraws) and answers the slider as the partner's app shows it. A slider
// the partner does not see is not found.
func (s *Service) SignUp(ctx context.Context, partnerID, sliderID kernel.ID, days []string) (contentports.PartnerSliderView, error) {
	today := s.Today()
	return s.participate(ctx, partnerID, sliderID, func(sl *content.Slider) (content.Participation, error) {
		return sl.SignUp(days, today)
	})
}

// Order orders a quantity of a promotion a partner sees (replacing an earlier order; 0
// withdraws) and answers the slider as the partner's app shows it.
func (s *Service) Order(ctx context.Context, partnerID, sliderID kernel.ID, quantity int64) (contentports.PartnerSliderView, error) {
	return s.participate(ctx, partnerID, sliderID, func(sl *content.Slider) (content.Participation, error) {
		return sl.Order(quantity)
	})
}

func (s *Service) participate(ctx context.Context, partnerID, sliderID kernel.ID, decide func(*content.Slider) (content.Participation, error)) (contentports.PartnerSliderView, error) {
	cats, err := s.partners.PartnerCategories(ctx, partnerID)
	if err != nil {
		return contentports.PartnerSliderView{}, err
	}
	today := s.Today()
	err = s.repo.Participate(ctx, sliderID, partnerID, s.clock.Now(), func(sl *content.Slider) (content.Participation, error) {
		if !sl.ShownTo(cats, today) {
			return content.Participation{}, errNoSlider
		}
		return decide(sl)
	})
	if err != nil {
		return contentports.PartnerSliderView{}, err
	}
	vs, err := s.shown.Shown(ctx, contentports.ShownQuery{PartnerID: partnerID, Categories: cats, Today: today, SliderID: sliderID})
	if err != nil {
		return contentports.PartnerSliderView{}, err
	}
	if len(vs) == 0 {
		return contentports.PartnerSliderView{}, errNoSlider
	}
	return vs[0], nil
}

package content

import (
	"context"
	"errors"

	"vitrina/domain/bulk"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
)

// errSame stops a save that would change nothing: the record is counted as unchanged.
var errSame = errors.New("unchanged")

// BulkCategoryCheck refuses, before anything changes, a category to add that does not exist.
func (s *Service) BulkCategoryCheck(ctx context.Context, r bulk.Request) error {
	if r.Action != bulk.AddCategory {
		return nil
	}
	missing, err := s.catalog.MissingCategories(ctx, []kernel.ID{r.CategoryID})
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return bulk.ErrUnknownCategory
	}
	return nil
}

// BulkCategory adds a category to a batch of sliders (or takes it out), each through the
// slider's own save inside the caller's transaction: a slider keeps one category at least.
// No notification goes out: the slider's content does not change.
func (s *Service) BulkCategory(ctx context.Context, r bulk.Request, ids []kernel.ID, out *bulk.Outcome) error {
	now := s.clock.Now()
	for _, id := range ids {
		_, err := s.repo.Update(ctx, id, kernel.AnyVersion, func(sl *content.Slider, _ content.Usage) error {
			changed, err := sl.WithCategory(r.CategoryID, r.Action == bulk.AddCategory, now)
			if err == nil && !changed {
				return errSame
			}
			return err
		})
		same := errors.Is(err, errSame)
		if same {
			err = nil
		}
		if err := out.Count(id, !same, err); err != nil {
			return err
		}
	}
	return nil
}

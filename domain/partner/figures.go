package partner

import "vitrina/domain/kernel"

// Figure names one of a partner's six figures (spec §3).
type Figure int

const (
	Bonus Figure = iota
	Debt
	Payment
	ToolCash
	AnnualPlan
	MoneyCirculation
	// NumFigures is how many figures a partner has.
	NumFigures
)

// figureKeys is the one list of the figures' names: each figure's key as the API, the Excel
// header and the validation messages name it. Storage derives its columns from it too.
var figureKeys = [NumFigures]string{
	Bonus:            "bonus",
	Debt:             "debt",
	Payment:          "payment",
	ToolCash:         "toolCash",
	AnnualPlan:       "annualPlan",
	MoneyCirculation: "moneyCirculation",
}

// AllFigures are the figures in the order forms, lists and files show them.
var AllFigures = func() (all [NumFigures]Figure) {
	for i := range all {
		all[i] = Figure(i)
	}
	return all
}()

// Key is the figure's name in the API, the Excel header and the messages: toolCash.
func (f Figure) Key() string { return figureKeys[f] }

// Figures are a partner's six values, indexed by Figure.
type Figures [NumFigures]kernel.Figure

// FigureTexts are the six figures as a form or a file gives them, indexed by Figure.
type FigureTexts [NumFigures]string

// ParseFigure validates a figure's text: on add a plain amount (spec §5), on edit the cash
// pattern with an optional trailing percent sign, kept as entered.
func ParseFigure(f Figure, s string, editing bool) (kernel.Figure, error) {
	if editing {
		return kernel.ParseFigure(f.Key(), s)
	}
	a, err := kernel.ParseAmount(f.Key(), s)
	return kernel.Figure{Amount: a}, err
}

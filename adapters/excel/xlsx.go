package excel

import (
	"archive/zip"
	"context"
	"io"
	"path"
	"slices"
	"strings"
)

// Decompression bounds for .xlsx. A workbook of 100,000 rows of 15 cells unzips to about
// 75 MB of XML at 12 to 16 times its zipped size; a file that declares much more, or a part
// that claims to shrink more than maxRatio times, is a bomb and is refused from the zip
// directory alone, before anything is inflated. archive/zip fails a part that inflates past
// its declared size, and one whose CRC is wrong once it is read to its end, so the declared
// sizes hold and a corrupt part read whole is damage, not a short sheet.
const (
	maxUnzipped = 256 << 20
	maxRatio    = 100
	ratioFloor  = 1 << 20 // parts smaller than this may shrink as they like
)

// readXLSX reads the first worksheet of a SpreadsheetML package with the streaming reader of
// sheetxml.go: the package's relationships lead to the sheet and its shared strings, the
// shared strings are read first (bounded), then the sheet's rows as they come.
func readXLSX(r io.ReaderAt, size int64, rows *rowSink) error {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return ErrDamaged
	}
	pkg, err := openPackage(rows.ctx, zr)
	if err != nil {
		return err
	}
	sheet, shared, err := pkg.firstSheet()
	if err != nil {
		return err
	}
	var sst []string
	if shared != nil {
		err = pkg.read(shared, func(r io.Reader) error {
			sst, err = readSharedStrings(rows.ctx, r)
			return err
		})
		if err != nil {
			return err
		}
	}
	return pkg.read(sheet, func(r io.Reader) error { return readSheetXML(rows.ctx, r, sst, rows) })
}

// xlsxPackage is the parts of a package by their normalised names.
type xlsxPackage struct {
	ctx   context.Context
	parts map[string]*zip.File
}

// partName normalises a part name: parts are named case-insensitively, from the root.
func partName(name string) string {
	return strings.ToLower(strings.TrimPrefix(path.Clean("/"+strings.ReplaceAll(name, "\\", "/")), "/"))
}

// read opens a part and gives it to fn; an error reading it (a bad deflate stream, a wrong
// CRC) is damage.
func (p *xlsxPackage) read(f *zip.File, fn func(io.Reader) error) error {
	rc, err := f.Open()
	if err != nil {
		return ErrDamaged
	}
	defer rc.Close()
	return fn(rc)
}

// firstSheet finds the first sheet of the workbook and the shared-string table, if any, by
// the package's relationships as Excel does: _rels/.rels names the workbook, the workbook
// lists its sheets in order, its relationships name each sheet's part.
func (p *xlsxPackage) firstSheet() (sheet, shared *zip.File, err error) {
	workbook := "xl/workbook.xml"
	err = p.relationships("_rels/.rels", func(r relationship) bool {
		if strings.HasSuffix(r.typ, "/officeDocument") {
			workbook = r.target
			return true
		}
		return false
	})
	if err != nil {
		return nil, nil, err
	}
	wb, ok := p.parts[workbook]
	if !ok {
		return nil, nil, ErrDamaged
	}
	id := ""
	err = p.read(wb, func(r io.Reader) error {
		x := newXMLReader(p.ctx, r)
		for id == "" {
			kind, err := x.next()
			if err == io.EOF {
				return ErrType // a workbook without sheets
			}
			if err != nil {
				return xmlFault(err, false)
			}
			if kind == xmlStart && string(x.local) == "sheet" {
				if v, ok := x.prefixedAttr("id"); ok {
					id = string(v)
				}
				if id == "" {
					return ErrDamaged
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	dir, base := path.Split(workbook)
	sheetName, sharedName := "", ""
	err = p.relationships(dir+"_rels/"+base+".rels", func(r relationship) bool {
		switch {
		case r.id == id:
			sheetName = r.target
		case strings.HasSuffix(r.typ, "/sharedStrings") && sharedName == "":
			sharedName = r.target
		}
		return false
	})
	if err != nil {
		return nil, nil, err
	}
	if sheet, ok = p.parts[sheetName]; !ok {
		return nil, nil, ErrDamaged
	}
	if sharedName == "" {
		sharedName = dir + "sharedstrings.xml" // where excelize, too, looks when no relationship names it
	}
	return sheet, p.parts[sharedName], nil
}

// relationship is one Relationship of a .rels part, its target resolved to a part name.
type relationship struct{ id, typ, target string }

// relationships streams the relationships of a .rels part (none when the part is missing)
// to fn until fn returns true. The targets are resolved against the source part's folder.
func (p *xlsxPackage) relationships(name string, fn func(relationship) bool) error {
	f, ok := p.parts[partName(name)]
	if !ok {
		return nil
	}
	source := path.Dir(path.Dir(name)) // "xl/_rels/workbook.xml.rels" is about "xl/"
	return p.read(f, func(r io.Reader) error {
		x := newXMLReader(p.ctx, r)
		for {
			kind, err := x.next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return xmlFault(err, false)
			}
			if kind != xmlStart || string(x.local) != "Relationship" {
				continue
			}
			if mode, _ := x.attr("TargetMode"); strings.EqualFold(string(mode), "External") {
				continue
			}
			id, _ := x.attr("Id")
			typ, _ := x.attr("Type")
			ref, _ := x.attr("Target")
			target := strings.ReplaceAll(string(ref), "\\", "/")
			if !strings.HasPrefix(target, "/") {
				target = path.Join(source, target)
			}
			if fn(relationship{id: string(id), typ: string(typ), target: partName(target)}) {
				return nil
			}
		}
	})
}

// openPackage refuses from the zip's central directory alone what is not a workbook or would
// inflate beyond the bounds above, then checks the content types.
func openPackage(ctx context.Context, zr *zip.Reader) (*xlsxPackage, error) {
	p := &xlsxPackage{ctx: ctx, parts: make(map[string]*zip.File, len(zr.File))}
	var total uint64
	for _, f := range zr.File {
		n := f.UncompressedSize64
		total += n
		if total > maxUnzipped || n > ratioFloor && n/maxRatio > f.CompressedSize64 {
			return nil, ErrDamaged
		}
		if name := partName(f.Name); p.parts[name] == nil {
			p.parts[name] = f
		}
	}
	contentTypes, ok := p.parts["[content_types].xml"]
	if !ok {
		return nil, ErrType
	}
	if err := p.checkContentTypes(contentTypes); err != nil {
		return nil, err
	}
	return p, nil
}

// workbookTypes are the content types of a workbook part that excelize reads: .xlsx, .xlsm
// and their templates. A .docx, .pptx or .xlsb has none of them.
var workbookTypes = []string{
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
	"application/vnd.ms-excel.sheet.macroenabled.main+xml",
	"application/vnd.ms-excel.template.macroenabled.main+xml",
}

func (p *xlsxPackage) checkContentTypes(f *zip.File) error {
	found := false
	err := p.read(f, func(r io.Reader) error {
		x := newXMLReader(p.ctx, r)
		for !found {
			kind, err := x.next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return xmlFault(err, false)
			}
			if kind == xmlStart {
				ct, _ := x.attr("ContentType")
				found = slices.Contains(workbookTypes, strings.ToLower(string(ct)))
			}
		}
		return nil
	})
	switch {
	case err != nil:
		return err
	case !found:
		return ErrType
	}
	return nil
}

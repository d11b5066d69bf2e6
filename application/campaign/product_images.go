package campaign

// ProductImageFolder is where the pictures of a campaign's products are: they are the
// catalog's product pictures (the catalog's ImageKind). The campaign context names the folder
// itself so that neither it nor its HTTP adapter needs the catalog's packages (ADR 0014,
// ADR 0023); bootstrap, which assembles both, tests that the two agree.
const ProductImageFolder = "products"

// ProductImageLink is the address of a campaign product's picture.
func ProductImageLink(name string) string { return "/api/images/" + ProductImageFolder + "/" + name }

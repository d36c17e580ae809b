// Client for the catalogue service. Docs: https://docs.example.com/catalogue/v2/overview.
#include <string>

namespace catalogue {

// Correct: UTF-8, uppercase hex, a template placeholder.
const std::string kSearch = "https://api.example.com/v2/search?q=%C3%A4rger&lang=de";
const std::string kItem = "https://api.example.com/v2/items/{id}?fields=name,price";

// Mistakes: lowercase hex, Latin-1 instead of UTF-8, a raw space.
const std::string kLegacy = "https://api.example.com/v1/search?q=caf%c3%a9";
const std::string kPubmed = "http://www.ncbi.nlm.nih.gov/pubmed?term=%C4rzteblatt";
const std::string kReport = "https://files.example.com/reports/annual report 2024.pdf";

}  // namespace catalogue

#include "server/lsp/draft_store.h"

#include <algorithm>

namespace pctlint::lsp {

const Draft* DraftStore::get(const std::string& uri) const {
  const auto it = drafts_.find(uri);
  return it == drafts_.end() ? nullptr : &it->second;
}

std::vector<std::string> DraftStore::uris() const {
  std::vector<std::string> out;
  for (const auto& [uri, _] : drafts_)
    out.push_back(uri);
  return out;
}

bool DraftStore::change(const std::string& uri, std::int64_t version,
                        const std::vector<ContentChange>& changes, OffsetEncoding encoding) {
  const auto it = drafts_.find(uri);
  if (it == drafts_.end()) return false;
  Draft& d = it->second;
  for (const ContentChange& c : changes) {
    if (!c.range) {
      d.text = c.text;
      continue;
    }
    std::size_t begin =
        offset_of(d.text, {c.range->start.line, c.range->start.character}, encoding);
    std::size_t end = offset_of(d.text, {c.range->end.line, c.range->end.character}, encoding);
    if (end < begin) std::swap(begin, end);
    d.text.replace(begin, end - begin, c.text);
  }
  d.version = version;
  return true;
}

Language language_of(std::string_view id, std::string_view uri) {
  struct Entry {
    std::string_view id;
    Language lang;
  };
  static constexpr Entry kIds[] = {
      {"c", Language::C},
      {"cpp", Language::Cpp},
      {"csharp", Language::CSharp},
      {"java", Language::Java},
      {"kotlin", Language::Kotlin},
      {"swift", Language::Swift},
      {"javascript", Language::JavaScript},
      {"javascriptreact", Language::JavaScript},
      {"typescript", Language::TypeScript},
      {"typescriptreact", Language::TypeScript},
      {"go", Language::Go},
      {"rust", Language::Rust},
      {"python", Language::Python},
      {"ruby", Language::Ruby},
      {"php", Language::Php},
      {"shellscript", Language::Shell},
      {"sh", Language::Shell},
      {"bash", Language::Shell},
      {"sql", Language::Sql},
      {"lua", Language::Lua},
      {"json", Language::Json},
      {"jsonc", Language::Json},
      {"yaml", Language::Yaml},
      {"toml", Language::Toml},
      {"ini", Language::Ini},
      {"properties", Language::Properties},
      {"dotenv", Language::DotEnv},
      {"html", Language::Html},
      {"xml", Language::Xml},
      {"markdown", Language::Markdown},
      {"css", Language::Css},
      {"plaintext", Language::PlainText},
      {"text", Language::PlainText},
  };
  for (const Entry& e : kIds)
    if (e.id == id) return e.lang;
  return language_for_path(uri);
}

} // namespace pctlint::lsp

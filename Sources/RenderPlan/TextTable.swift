/// Left-aligned columns separated by two spaces, for `chromake plan`.
struct TextTable {
  var header: [String]
  var rows: [[String]] = []

  func render(indent: String = "  ") -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0[column].count }.max() ?? 0
    }
    return all.map { row in
      let cells = row.enumerated().map { index, cell in
        index == row.count - 1 ? cell : cell.padding(to: widths[index])
      }
      return indent + cells.joined(separator: "  ")
    }.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }

  fileprivate func trimmingTrailingSpaces() -> String {
    var s = self[...]
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}

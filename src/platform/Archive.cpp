#include "platform/Archive.h"

#ifdef STAGEHAND_HAVE_ZLIB
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "platform/Portable.h"

namespace stagehand {

namespace {

bool readFile(const std::filesystem::path& path, std::string& bytes, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot read " + utf8Path(path);
        return false;
    }
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return true;
}

// `value` in octal, zero-padded to width-1 digits and a NUL, into a ustar field.
void octal(char* field, std::size_t width, std::uint64_t value) {
    std::snprintf(field, width, "%0*llo", static_cast<int>(width - 1), static_cast<unsigned long long>(value));
}

// A ustar header; false when the name does not fit (100 bytes, or a 155-byte
// prefix and a 100-byte name split at a '/').
bool tarHeader(const ArchiveEntry& entry, std::uint64_t size, char (&block)[512]) {
    std::memset(block, 0, sizeof block);
    std::string name = entry.name, prefix;
    if (name.size() > 100) {
        std::size_t cut = name.rfind('/', 155);
        if (cut == std::string::npos || name.size() - cut - 1 > 100) return false;
        prefix = name.substr(0, cut);
        name = name.substr(cut + 1);
    }
    std::memcpy(block, name.data(), name.size());
    octal(block + 100, 8, entry.executable ? 0755 : 0644);
    octal(block + 108, 8, 0);              // uid
    octal(block + 116, 8, 0);              // gid
    octal(block + 124, 12, size);          // size
    octal(block + 136, 12, 1700000000);    // a fixed time: the same files make the same archive
    std::memset(block + 148, ' ', 8);      // the checksum counts itself as spaces
    block[156] = '0';                      // a regular file
    std::memcpy(block + 257, "ustar", 6);  // magic and NUL
    std::memcpy(block + 263, "00", 2);
    std::memcpy(block + 345, prefix.data(), prefix.size());
    unsigned sum = 0;
    for (unsigned char c : block) sum += c;
    std::snprintf(block + 148, 8, "%06o", sum);
    return true;
}

void put16(std::string& out, unsigned value) {
    out += static_cast<char>(value & 0xff);
    out += static_cast<char>((value >> 8) & 0xff);
}

void put32(std::string& out, unsigned long value) {
    put16(out, static_cast<unsigned>(value & 0xffff));
    put16(out, static_cast<unsigned>((value >> 16) & 0xffff));
}

// Raw deflate (no zlib header), as a zip entry holds it.
bool deflateRaw(const std::string& in, std::string& out) {
    z_stream z{};
    if (deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return false;
    out.resize(deflateBound(&z, static_cast<uLong>(in.size())));
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = reinterpret_cast<Bytef*>(&out[0]);
    z.avail_out = static_cast<uInt>(out.size());
    int status = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return status == Z_STREAM_END;
}

}  // namespace

bool writeTarGz(const std::filesystem::path& out, const std::vector<ArchiveEntry>& entries, std::string& error) {
    gzFile gz = gzopen(utf8Path(out).c_str(), "wb9");
    if (!gz) {
        error = "cannot write " + utf8Path(out);
        return false;
    }
    bool ok = true;
    for (const auto& entry : entries) {
        std::string bytes;
        char block[512];
        if (!readFile(entry.source, bytes, error)) {
            ok = false;
            break;
        }
        if (!tarHeader(entry, bytes.size(), block)) {
            error = "the path " + entry.name + " is too long for a .tar archive";
            ok = false;
            break;
        }
        bytes.resize((bytes.size() + 511) / 512 * 512, '\0');
        ok = gzwrite(gz, block, sizeof block) == static_cast<int>(sizeof block) &&
             (bytes.empty() ||
              gzwrite(gz, bytes.data(), static_cast<unsigned>(bytes.size())) == static_cast<int>(bytes.size()));
        if (!ok) {
            error = "cannot write " + utf8Path(out);
            break;
        }
    }
    static const char end[1024] = {};  // two empty blocks close the archive
    if (ok && gzwrite(gz, end, sizeof end) != static_cast<int>(sizeof end)) {
        error = "cannot write " + utf8Path(out);
        ok = false;
    }
    if (gzclose(gz) != Z_OK && ok) {
        error = "cannot write " + utf8Path(out);
        ok = false;
    }
    return ok;
}

bool writeZip(const std::filesystem::path& out, const std::vector<ArchiveEntry>& entries, std::string& error) {
    std::ofstream file(out, std::ios::binary | std::ios::trunc);
    if (!file) {
        error = "cannot write " + utf8Path(out);
        return false;
    }
    constexpr unsigned kDosTime = 0, kDosDate = (1 << 5) | 1;  // 1980-01-01 00:00: the same bytes every time
    std::string central;
    unsigned long offset = 0;
    for (const auto& entry : entries) {
        std::string bytes, packed;
        if (!readFile(entry.source, bytes, error)) return false;
        if (!deflateRaw(bytes, packed)) {
            error = "cannot compress " + utf8Path(entry.source);
            return false;
        }
        unsigned long crc = crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size()));
        std::string local;
        put32(local, 0x04034b50);
        put16(local, 20);       // version needed: 2.0 (deflate)
        put16(local, 1 << 11);  // the name is UTF-8
        put16(local, 8);        // deflate
        put16(local, kDosTime);
        put16(local, kDosDate);
        put32(local, crc);
        put32(local, static_cast<unsigned long>(packed.size()));
        put32(local, static_cast<unsigned long>(bytes.size()));
        put16(local, static_cast<unsigned>(entry.name.size()));
        put16(local, 0);
        local += entry.name;
        file << local << packed;

        put32(central, 0x02014b50);
        put16(central, 20);
        central += std::string(local.data() + 4, 26);  // the same fields as the local header
        put16(central, 0);                             // comment
        put16(central, 0);                             // disk
        put16(central, 0);                             // internal attributes
        put32(central, 0);                             // external attributes
        put32(central, offset);
        central += entry.name;
        offset += static_cast<unsigned long>(local.size() + packed.size());
    }
    std::string end;
    put32(end, 0x06054b50);
    put16(end, 0);
    put16(end, 0);
    put16(end, static_cast<unsigned>(entries.size()));
    put16(end, static_cast<unsigned>(entries.size()));
    put32(end, static_cast<unsigned long>(central.size()));
    put32(end, offset);
    put16(end, 0);
    file << central << end;
    if (!file.flush()) {
        error = "cannot write " + utf8Path(out);
        return false;
    }
    return true;
}

}  // namespace stagehand

#else  // a build without zlib (the browser's): no packages (CMakeLists.txt says why)

namespace stagehand {

namespace {
bool noPackages(std::string& error) {
    error =
        "this build of Stagehand cannot write packages (it was built without zlib): "
        "run --package with the Linux build";
    return false;
}
}  // namespace

bool writeTarGz(const std::filesystem::path&, const std::vector<ArchiveEntry>&, std::string& error) {
    return noPackages(error);
}

bool writeZip(const std::filesystem::path&, const std::vector<ArchiveEntry>&, std::string& error) {
    return noPackages(error);
}

}  // namespace stagehand

#endif

// Published references, checked where they apply (issue 45): Robert Penner's
// easing equations at fixed points for every easing name a scene can ask
// for, the shape of a camera shake's decay, and RFC 4180's rules for the
// string tables' CSV reader and writer. The references are written here in
// their own published form, not derived from our code, so a change to a
// curve, a constant or a quoting rule fails against the standard itself.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "lang/StringTable.h"

using namespace stagehand;
using test::Stage;

namespace {

constexpr double kPi = 3.14159265358979323846;

// --- Robert Penner's easing equations, in his form: t the time, b the start,
// c the change, d the duration. Out and inOut are his own equations, not
// derived from the "in" ones.
double easeOutBounce(double t, double b, double c, double d) {
    if ((t /= d) < (1 / 2.75)) return c * (7.5625 * t * t) + b;
    if (t < (2 / 2.75)) {
        t -= 1.5 / 2.75;
        return c * (7.5625 * t * t + .75) + b;
    }
    if (t < (2.5 / 2.75)) {
        t -= 2.25 / 2.75;
        return c * (7.5625 * t * t + .9375) + b;
    }
    t -= 2.625 / 2.75;
    return c * (7.5625 * t * t + .984375) + b;
}
double easeInBounce(double t, double b, double c, double d) {
    return c - easeOutBounce(d - t, 0, c, d) + b;
}

double elastic(double t, double b, double c, double d, bool in) {
    if (t == 0) return b;
    if ((t /= d) == 1) return b + c;
    double p = d * .3, a = c, s = p / 4;
    if (in) {
        t -= 1;
        return -(a * std::pow(2, 10 * t) * std::sin((t * d - s) * (2 * kPi) / p)) + b;
    }
    return a * std::pow(2, -10 * t) * std::sin((t * d - s) * (2 * kPi) / p) + c + b;
}

double easeInOutElastic(double t, double b, double c, double d) {
    if (t == 0) return b;
    if ((t /= d / 2) == 2) return b + c;
    double p = d * (.3 * 1.5), a = c, s = p / 4;
    if (t < 1) {
        t -= 1;
        return -.5 * (a * std::pow(2, 10 * t) * std::sin((t * d - s) * (2 * kPi) / p)) + b;
    }
    t -= 1;
    return a * std::pow(2, -10 * t) * std::sin((t * d - s) * (2 * kPi) / p) * .5 + c + b;
}

using Easing = std::function<double(double t, double b, double c, double d)>;

const std::map<std::string, Easing>& pennerEquations() {
    static const std::map<std::string, Easing> equations = {
        {"linear", [](double t, double b, double c, double d) { return c * t / d + b; }},
        {"inQuad",
         [](double t, double b, double c, double d) {
             t /= d;
             return c * t * t + b;
         }},
        {"outQuad",
         [](double t, double b, double c, double d) {
             t /= d;
             return -c * t * (t - 2) + b;
         }},
        {"inOutQuad",
         [](double t, double b, double c, double d) {
             if ((t /= d / 2) < 1) return c / 2 * t * t + b;
             t -= 1;
             return -c / 2 * (t * (t - 2) - 1) + b;
         }},
        {"inCubic",
         [](double t, double b, double c, double d) {
             t /= d;
             return c * t * t * t + b;
         }},
        {"outCubic",
         [](double t, double b, double c, double d) {
             t = t / d - 1;
             return c * (t * t * t + 1) + b;
         }},
        {"inOutCubic",
         [](double t, double b, double c, double d) {
             if ((t /= d / 2) < 1) return c / 2 * t * t * t + b;
             t -= 2;
             return c / 2 * (t * t * t + 2) + b;
         }},
        {"inSine", [](double t, double b, double c, double d) { return -c * std::cos(t / d * (kPi / 2)) + c + b; }},
        {"outSine", [](double t, double b, double c, double d) { return c * std::sin(t / d * (kPi / 2)) + b; }},
        {"inOutSine", [](double t, double b, double c, double d) { return -c / 2 * (std::cos(kPi * t / d) - 1) + b; }},
        {"inBack",
         [](double t, double b, double c, double d) {
             double s = 1.70158;
             t /= d;
             return c * t * t * ((s + 1) * t - s) + b;
         }},
        {"outBack",
         [](double t, double b, double c, double d) {
             double s = 1.70158;
             t = t / d - 1;
             return c * (t * t * ((s + 1) * t + s) + 1) + b;
         }},
        {"inOutBack",
         [](double t, double b, double c, double d) {
             double s = 1.70158 * 1.525;
             if ((t /= d / 2) < 1) return c / 2 * (t * t * ((s + 1) * t - s)) + b;
             t -= 2;
             return c / 2 * (t * t * ((s + 1) * t + s) + 2) + b;
         }},
        {"inElastic", [](double t, double b, double c, double d) { return elastic(t, b, c, d, true); }},
        {"outElastic", [](double t, double b, double c, double d) { return elastic(t, b, c, d, false); }},
        {"inOutElastic", easeInOutElastic},
        {"inBounce", easeInBounce},
        {"outBounce", easeOutBounce},
        {"inOutBounce",
         [](double t, double b, double c, double d) {
             if (t < d / 2) return easeInBounce(t * 2, 0, c, d) * .5 + b;
             return easeOutBounce(t * 2 - d, 0, c, d) * .5 + c * .5 + b;
         }},
    };
    return equations;
}

constexpr int kSteps = 40;  // ease() is compared at t = k / kSteps
constexpr int kPast = 2;    // and at two steps before 0 and after 1, where the docs hold t at its end

// ease(name, k / kSteps) for every name a scene can ask for, read back from
// the scene's prints, keyed by name.
std::map<std::string, std::vector<double>> sceneEasings() {
    std::string source =
        "function scene()\n"
        "  for _, name in ipairs(EASINGS) do\n"
        "    local values = {}\n"
        "    for k = " +
        std::to_string(-kPast) + ", " + std::to_string(kSteps + kPast) +
        " do values[#values + 1] = string.format('%.9f', ease(name, k / " + std::to_string(kSteps) +
        ")) end\n"
        "    print(name .. ' ' .. table.concat(values, ' '))\n"
        "  end\n"
        "end\n"
        "EASINGS = {";
    for (const auto& [name, equation] : pennerEquations()) source += "'" + name + "', ";
    source += "}\n";
    Stage stage(source);
    stage.host->startProcess("scene", {}, nullptr);
    std::map<std::string, std::vector<double>> out;
    for (const TranscriptEvent* e : stage.events("print")) {
        std::istringstream in(*e->field("text"));
        std::string name;
        in >> name;
        double v = 0;
        while (in >> v) out[name].push_back(v);
    }
    return out;
}

// The camera's shake offset after each tick of `source`'s scene.
std::vector<Vec2> shakeOffsets(const std::string& source, int ticks, float zoom = 1) {
    Stage stage(source);
    stage.world.camera().setZoom(zoom);
    stage.host->startProcess("scene", {}, nullptr);
    std::vector<Vec2> offsets;
    for (int i = 0; i < ticks; ++i) {
        stage.ticks(1);
        offsets.push_back(stage.world.camera().shakeOffset());
    }
    return offsets;
}

// A table of rows (text, file, comment) in RFC 4180's example fields (source
// "s", context "c", no box).
std::string tableRow(const std::string& id, const std::string& text, const std::string& file,
                     const std::string& comment, const std::string& end = "\r\n") {
    return "fr," + id + ",s," + text + ",c,,," + file + ",1,0123abcd," + comment + end;
}

lang::StringTable parsed(const std::string& csv) {
    lang::StringTable table;
    std::string error;
    EXPECT_TRUE(lang::parseStringTable(csv, "rfc.fr.csv", "fr", table, error)) << error << "\n" << csv;
    return table;
}

const std::string kHeader = std::string(lang::kTableHeader) + "\r\n";

}  // namespace

// --- Easing: Penner's values, every name, 41 points -------------------------

TEST(PennerEasing, every_easing_name_has_penners_value_at_every_fortieth) {
    auto values = sceneEasings();
    ASSERT_EQ(values.size(), pennerEquations().size()) << "one line per easing name";
    for (const auto& [name, equation] : pennerEquations()) {
        const auto& got = values[name];
        ASSERT_EQ(got.size(), static_cast<std::size_t>(kSteps + 1 + 2 * kPast)) << name;
        for (int k = -kPast; k <= kSteps + kPast; ++k) {
            const double asked = static_cast<double>(k) / kSteps, t = std::clamp(asked, 0.0, 1.0);
            // Penner's form over any start, change and duration is the curve
            // scaled: the value at (t*d) from b by c is b + c * ease(t).
            double expected = (equation(t * 2.5, 3, -4, 2.5) - 3) / -4;
            EXPECT_NEAR(got[k + kPast], expected, 2e-7) << name << " at t = " << asked;
        }
    }
}

TEST(PennerEasing, the_reference_equations_give_the_published_numbers) {
    // Guards the transcription above: values worked out by hand from Penner's
    // equations (inOutBack's s is 1.70158 * 1.525; inOutElastic's period 0.45).
    const auto& e = pennerEquations();
    EXPECT_NEAR(e.at("outBounce")(0.5, 0, 1, 1), 0.765625, 1e-12);
    EXPECT_NEAR(e.at("inBack")(0.5, 0, 1, 1), -0.0876975, 1e-7);
    EXPECT_NEAR(e.at("inOutBack")(0.25, 0, 1, 1), -0.09968184375, 1e-10);
    EXPECT_NEAR(e.at("inElastic")(0.5, 0, 1, 1), -0.015625, 1e-9);
    EXPECT_NEAR(e.at("inOutElastic")(0.25, 0, 1, 1), 0.0119694444, 1e-9);
    EXPECT_NEAR(e.at("inOutElastic")(0.75, 0, 1, 1), 0.9880305556, 1e-9);
    EXPECT_NEAR(e.at("inOutSine")(0.25, 0, 1, 1), (1 - std::cos(kPi / 4)) / 2, 1e-12);
}

// --- A shake's decay ---------------------------------------------------------

TEST(ShakeDecay, the_strength_falls_off_with_the_square_of_the_time_left) {
    // Two seconds at strength 50: sampled each tick, the largest offset in
    // each tenth of a wobble window stays under the envelope 50 (1 - t/2)^2 at
    // the window's start and reaches near the envelope at its end (the x
    // wobble's 11 Hz puts a sample within 0.42 rad of a peak in 6 ticks).
    const int ticks = 120;
    auto offsets = shakeOffsets("function scene() setCameraCenter({x = 0, y = 0}) shakeCamera(50, 2) end", ticks);
    auto envelope = [](int tick) {
        double t = (tick + 1) / 60.0;  // the offset after tick i was set at its scene time (i + 1) / 60 - 1/60
        double left = 1 - (t - 1 / 60.0) / 2;
        return 50 * left * left;
    };
    for (int i = 0; i + 6 <= ticks - 1; i += 6) {
        double most = 0;
        for (int k = i; k < i + 6; ++k) {
            most = std::max(most, static_cast<double>(std::abs(offsets[k].x)));
            EXPECT_LE(std::abs(offsets[k].y), 0.8 * envelope(i) + 1e-3) << "tick " << k;
        }
        EXPECT_LE(most, envelope(i) + 1e-3) << "ticks " << i << "..." << i + 5;
        EXPECT_GE(most, 0.9 * envelope(i + 5) - 1e-3) << "ticks " << i << "..." << i + 5;
    }
    EXPECT_EQ(offsets.back().x, 0) << "the shake has ended after its two seconds";
    EXPECT_EQ(offsets.back().y, 0);
}

TEST(ShakeDecay, a_shake_is_in_view_units_so_a_zoomed_camera_shakes_the_world_less) {
    auto plain = shakeOffsets("function scene() setCameraCenter({x = 0, y = 0}) shakeCamera(30, 1) end", 30);
    auto zoomed = shakeOffsets("function scene() setCameraCenter({x = 0, y = 0}) shakeCamera(30, 1) end", 30, 2);
    for (int i = 0; i < 30; ++i) {
        EXPECT_NEAR(zoomed[i].x, plain[i].x / 2, 1e-3) << "tick " << i;
        EXPECT_NEAR(zoomed[i].y, plain[i].y / 2, 1e-3) << "tick " << i;
    }
}

// --- RFC 4180: the string tables' reader ------------------------------------

TEST(Rfc4180Reader, records_end_with_crlf_and_the_last_may_have_no_line_break) {
    // RFC 4180 2.1 and 2.2: aaa,bbb,ccc CRLF zzz,yyy,xxx [CRLF]
    for (const std::string last : {"\r\n", ""}) {
        auto table = parsed(kHeader + tableRow("a", "aaa", "bbb", "ccc") + tableRow("z", "zzz", "yyy", "xxx", last));
        ASSERT_EQ(table.rows.size(), 2u);
        EXPECT_EQ(table.rows[0].text, "aaa");
        EXPECT_EQ(table.rows[0].file, "bbb");
        EXPECT_EQ(table.rows[0].comment, "ccc");
        EXPECT_EQ(table.rows[1].text, "zzz");
        EXPECT_EQ(table.rows[1].comment, "xxx") << "no line break at the end: '" << last << "'";
    }
}

TEST(Rfc4180Reader, spaces_are_part_of_a_field) {
    // RFC 4180 2.4: spaces are part of a field and are not ignored.
    auto table = parsed(kHeader + tableRow("a", " aaa ", "b bb", "  "));
    ASSERT_EQ(table.rows.size(), 1u);
    EXPECT_EQ(table.rows[0].text, " aaa ");
    EXPECT_EQ(table.rows[0].file, "b bb");
    EXPECT_EQ(table.rows[0].comment, "  ");
}

TEST(Rfc4180Reader, any_field_may_be_enclosed_in_double_quotes) {
    // RFC 4180 2.5: "aaa","bbb","ccc" CRLF zzz,yyy,xxx; every column, the ID and the number too.
    auto table =
        parsed(kHeader + "\"fr\",\"a\",\"s\",\"aaa\",\"c\",\"300\",\"24\",\"bbb\",\"1\",\"0123abcd\",\"ccc\"\r\n" +
               tableRow("z", "zzz", "yyy", "xxx"));
    ASSERT_EQ(table.rows.size(), 2u);
    EXPECT_EQ(table.rows[0].id, "a");
    EXPECT_EQ(table.rows[0].text, "aaa");
    EXPECT_EQ(table.rows[0].sourceLine, 1);
    EXPECT_EQ(table.rows[0].maxWidth, 300);
    EXPECT_EQ(table.rows[0].fontSize, 24);
    EXPECT_EQ(table.rows[0].comment, "ccc");
    EXPECT_EQ(table.rows[1].text, "zzz");
}

TEST(Rfc4180Reader, quoted_fields_hold_line_breaks_commas_and_doubled_quotes) {
    // RFC 4180 2.6 and 2.7: "aaa","b CRLF bb","ccc" and "aaa","b""bb","ccc".
    auto table = parsed(kHeader + tableRow("a", "\"aaa\"", "\"b\r\nbb\"", "\"ccc\"") +
                        tableRow("b", "\"b\"\"bb\"", "\"x,y\"", "\"a \"\"quoted\"\", with, commas\nand LF\"") +
                        tableRow("c", "zzz", "yyy", "xxx"));
    ASSERT_EQ(table.rows.size(), 3u);
    EXPECT_EQ(table.rows[0].file, "b\r\nbb");
    EXPECT_EQ(table.rows[1].text, "b\"bb");
    EXPECT_EQ(table.rows[1].file, "x,y");
    EXPECT_EQ(table.rows[1].comment, "a \"quoted\", with, commas\nand LF");
    EXPECT_EQ(table.rows[0].tableLine, 2);
    EXPECT_EQ(table.rows[1].tableLine, 4) << "the line break inside row a's quotes is a line of the file";
    EXPECT_EQ(table.rows[2].tableLine, 6);
    EXPECT_EQ(table.rows[2].text, "zzz");
}

TEST(Rfc4180Reader, a_quote_inside_an_unquoted_field_or_after_a_closing_quote_is_refused) {
    // RFC 4180 2.5: a field not enclosed in quotes may not hold quotes; 2.7: inside
    // quotes a quote is doubled. Both mistakes are errors at their line, no rows kept.
    for (const std::string& bad : {tableRow("a", "b\"bb", "f", "c"), tableRow("a", "\"b\"bb\"", "f", "c")}) {
        lang::StringTable table;
        std::string error;
        EXPECT_FALSE(lang::parseStringTable(kHeader + bad, "rfc.fr.csv", "fr", table, error)) << bad;
        EXPECT_NE(error.find("rfc.fr.csv:2: bad quoting"), std::string::npos) << error;
        EXPECT_TRUE(table.rows.empty());
    }
}

// --- RFC 4180: the string tables' writer ------------------------------------

TEST(Rfc4180Writer, encloses_exactly_the_fields_with_quotes_commas_or_line_breaks_and_doubles_quotes) {
    // RFC 4180 2.6 and 2.7; 2.4's spaces are written as they are. The writer
    // ends records with LF (the table's documented form), which 2.6 allows a
    // reader to take as a record's end.
    lang::StringTable table;
    table.language = "fr";
    const std::vector<std::pair<std::string, std::string>> fields = {
        {"aaa", "aaa"},
        {" a a ", " a a "},
        {"b\"bb", "\"b\"\"bb\""},
        {"b,bb", "\"b,bb\""},
        {"b\nbb", "\"b\nbb\""},
        {"b\r\nbb", "\"b\r\nbb\""},
        {"b\rbb", "\"b\rbb\""},
        {"\"", "\"\"\"\""},
        {"", ""},
        {"{b}x{/b}, \"y\"", "\"{b}x{/b}, \"\"y\"\"\""},
    };
    int n = 0;
    for (const auto& [field, written] : fields) {
        lang::StringRow row;
        row.id = "r" + std::to_string(n++);
        row.source = row.text = row.context = row.comment = field;
        row.file = "s.lua";
        row.sourceLine = 1;
        row.lock = "0123abcd";
        table.rows.push_back(row);
    }
    std::string csv = lang::formatStringTable(table);
    std::string expected = std::string(lang::kTableHeader) + "\n";
    n = 0;
    for (const auto& [field, written] : fields)
        expected += "fr,r" + std::to_string(n++) + "," + written + "," + written + "," + written +
                    ",,,s.lua,1,0123abcd," + written + "\n";
    EXPECT_EQ(csv, expected);
    // And the reader takes back every field as it was.
    auto back = parsed(csv);
    ASSERT_EQ(back.rows.size(), fields.size());
    for (std::size_t i = 0; i < fields.size(); ++i) {
        EXPECT_EQ(back.rows[i].source, fields[i].first);
        EXPECT_EQ(back.rows[i].text, fields[i].first);
        EXPECT_EQ(back.rows[i].context, fields[i].first);
        EXPECT_EQ(back.rows[i].comment, fields[i].first);
    }
}

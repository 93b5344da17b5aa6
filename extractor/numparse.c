/* numparse.c — numbers as written in English news ("1,000", "26.2", "1.2bn",
 * "ninety-nine", "a dozen", "two-thirds", "27th"), the word lists the dates
 * and figures extractors share, and small token and calendar helpers.
 *
 * Word lists come from the rule files (rules/en/numbers.yaml, units.yaml,
 * figures.yaml, dates.yaml). When a rule set does not define a list, the
 * built-in English list below is used, so the extractors work with any rule
 * folder; the YAML files are the reference and carry the same words. */
#include "internal.h"

#include <math.h>
#include <pthread.h>
#include <utf8proc.h>

/* ------------------------------------------------------ built-in lists */

typedef struct {
    const char *list, *word;
    const char *kv[10]; /* key, value, key, value, ... */
} builtin;

#define NW(w, v, t)                                                                                \
    {                                                                                              \
        "number_words", w,                                                                         \
        {                                                                                          \
            "value", v, "type", t                                                                  \
        }                                                                                          \
    }
#define UNIT(w, id, dim, factor, base)                                                             \
    {                                                                                              \
        "units", w,                                                                                \
        {                                                                                          \
            "id", id, "dimension", dim, "factor", factor, "base", base                             \
        }                                                                                          \
    }
#define MON(w, v)                                                                                  \
    {                                                                                              \
        "month", w,                                                                                \
        {                                                                                          \
            "value", v                                                                             \
        }                                                                                          \
    }
#define WD(w, v)                                                                                   \
    {                                                                                              \
        "weekday", w,                                                                              \
        {                                                                                          \
            "value", v                                                                             \
        }                                                                                          \
    }
#define HEDGE(w, lo, hi)                                                                           \
    {                                                                                              \
        "hedges", w,                                                                               \
        {                                                                                          \
            "low", lo, "high", hi                                                                  \
        }                                                                                          \
    }
#define POST_HEDGE(w, lo, hi)                                                                      \
    {                                                                                              \
        "post_hedges", w,                                                                          \
        {                                                                                          \
            "low", lo, "high", hi                                                                  \
        }                                                                                          \
    }
#define WORD(l, w)                                                                                 \
    {                                                                                              \
        l, w,                                                                                      \
        {                                                                                          \
            0                                                                                      \
        }                                                                                          \
    }

static const builtin builtins[] = {
    NW("zero", "0", "unit"),
    NW("nought", "0", "unit"),
    NW("naught", "0", "unit"),
    NW("one", "1", "unit"),
    NW("two", "2", "unit"),
    NW("three", "3", "unit"),
    NW("four", "4", "unit"),
    NW("five", "5", "unit"),
    NW("six", "6", "unit"),
    NW("seven", "7", "unit"),
    NW("eight", "8", "unit"),
    NW("nine", "9", "unit"),
    NW("ten", "10", "teen"),
    NW("eleven", "11", "teen"),
    NW("twelve", "12", "teen"),
    NW("thirteen", "13", "teen"),
    NW("fourteen", "14", "teen"),
    NW("fifteen", "15", "teen"),
    NW("sixteen", "16", "teen"),
    NW("seventeen", "17", "teen"),
    NW("eighteen", "18", "teen"),
    NW("nineteen", "19", "teen"),
    NW("twenty", "20", "tens"),
    NW("thirty", "30", "tens"),
    NW("forty", "40", "tens"),
    NW("fifty", "50", "tens"),
    NW("sixty", "60", "tens"),
    NW("seventy", "70", "tens"),
    NW("eighty", "80", "tens"),
    NW("ninety", "90", "tens"),
    NW("hundred", "100", "hundred"),
    NW("thousand", "1000", "scale"),
    NW("million", "1000000", "scale"),
    NW("billion", "1000000000", "scale"),
    NW("trillion", "1000000000000", "scale"),
    NW("lakh", "100000", "scale"),
    NW("lakhs", "100000", "scale"),
    NW("crore", "10000000", "scale"),
    NW("crores", "10000000", "scale"),
    NW("dozen", "12", "dozen"),
    NW("doz", "12", "dozen"),
    NW("dozs", "12", "dozen"),
    NW("dz", "12", "dozen"),
    NW("dzs", "12", "dozen"),
    NW("half", "2", "fraction"),
    NW("halves", "2", "fraction"),
    NW("third", "3", "ordinal"),
    NW("thirds", "3", "fraction"),
    NW("quarter", "4", "fraction"),
    NW("quarters", "4", "fraction"),
    NW("fifths", "5", "fraction"),
    NW("first", "1", "ordinal"),
    NW("second", "2", "ordinal"),
    NW("fourth", "4", "ordinal"),
    NW("fifth", "5", "ordinal"),
    NW("sixth", "6", "ordinal"),
    NW("seventh", "7", "ordinal"),
    NW("eighth", "8", "ordinal"),
    NW("ninth", "9", "ordinal"),
    NW("tenth", "10", "ordinal"),
    NW("eleventh", "11", "ordinal"),
    NW("twelfth", "12", "ordinal"),
    NW("thirteenth", "13", "ordinal"),
    NW("fourteenth", "14", "ordinal"),
    NW("fifteenth", "15", "ordinal"),
    NW("sixteenth", "16", "ordinal"),
    NW("seventeenth", "17", "ordinal"),
    NW("eighteenth", "18", "ordinal"),
    NW("nineteenth", "19", "ordinal"),
    NW("twentieth", "20", "ordinal"),
    NW("thirtieth", "30", "ordinal"),
    NW("fortieth", "40", "ordinal"),
    NW("fiftieth", "50", "ordinal"),
    NW("hundredth", "100", "ordinal"),
    NW("thousandth", "1000", "ordinal"),
    NW("millionth", "1000000", "ordinal"),
    NW("billionth", "1000000000", "ordinal"),
    NW("trillionth", "1000000000000", "ordinal"),
    {"scales", "k", {"value", "1000"}},
    {"scales", "bn", {"value", "1000000000"}},
    {"scales", "b", {"value", "1000000000"}},
    {"scales", "tn", {"value", "1000000000000"}},
    {"scales", "mn", {"value", "1000000"}},
    {"scales", "mln", {"value", "1000000"}},
    {"scales", "bln", {"value", "1000000000"}},
    {"scales", "tln", {"value", "1000000000000"}},
    {"scales", "trn", {"value", "1000000000000"}},
    {"scales", "trln", {"value", "1000000000000"}},
    {"scales", "mil", {"value", "1000000"}},
    {"scales", "lakh", {"value", "100000"}},
    {"scales", "lakhs", {"value", "100000"}},
    {"scales", "crore", {"value", "10000000"}},
    {"scales", "crores", {"value", "10000000"}},
    /* units: factor converts to the base unit */
    UNIT("km", "km", "length", "1000", "m"),
    UNIT("kilometre", "km", "length", "1000", "m"),
    UNIT("kilometres", "km", "length", "1000", "m"),
    UNIT("kilometer", "km", "length", "1000", "m"),
    UNIT("kilometers", "km", "length", "1000", "m"),
    UNIT("mile", "mi", "length", "1609.344", "m"),
    UNIT("miles", "mi", "length", "1609.344", "m"),
    UNIT("mi", "mi", "length", "1609.344", "m"),
    UNIT("m", "m", "length", "1", "m"),
    UNIT("metre", "m", "length", "1", "m"),
    UNIT("metres", "m", "length", "1", "m"),
    UNIT("meter", "m", "length", "1", "m"),
    UNIT("meters", "m", "length", "1", "m"),
    UNIT("cm", "cm", "length", "0.01", "m"),
    UNIT("centimetres", "cm", "length", "0.01", "m"),
    UNIT("centimeters", "cm", "length", "0.01", "m"),
    UNIT("mm", "mm", "length", "0.001", "m"),
    UNIT("ft", "ft", "length", "0.3048", "m"),
    UNIT("foot", "ft", "length", "0.3048", "m"),
    UNIT("feet", "ft", "length", "0.3048", "m"),
    UNIT("inch", "in", "length", "0.0254", "m"),
    UNIT("inches", "in", "length", "0.0254", "m"),
    UNIT("yard", "yd", "length", "0.9144", "m"),
    UNIT("yards", "yd", "length", "0.9144", "m"),
    UNIT("kg", "kg", "mass", "1", "kg"),
    UNIT("kilogram", "kg", "mass", "1", "kg"),
    UNIT("kilograms", "kg", "mass", "1", "kg"),
    UNIT("kilo", "kg", "mass", "1", "kg"),
    UNIT("kilos", "kg", "mass", "1", "kg"),
    UNIT("g", "g", "mass", "0.001", "kg"),
    UNIT("gram", "g", "mass", "0.001", "kg"),
    UNIT("grams", "g", "mass", "0.001", "kg"),
    UNIT("lb", "lb", "mass", "0.45359237", "kg"),
    UNIT("lbs", "lb", "mass", "0.45359237", "kg"),
    UNIT("pound", "lb", "mass", "0.45359237", "kg"),
    UNIT("pounds", "lb", "mass", "0.45359237", "kg"),
    UNIT("ton", "t", "mass", "1000", "kg"),
    UNIT("tons", "t", "mass", "1000", "kg"),
    UNIT("tonne", "t", "mass", "1000", "kg"),
    UNIT("tonnes", "t", "mass", "1000", "kg"),
    UNIT("oz", "oz", "mass", "0.028349523125", "kg"),
    UNIT("ounces", "oz", "mass", "0.028349523125", "kg"),
    UNIT("%", "percent", "percent", "1", "percent"),
    UNIT("percent", "percent", "percent", "1", "percent"),
    UNIT("per cent", "percent", "percent", "1", "percent"),
    UNIT("percents", "percent", "percent", "1", "percent"),
    UNIT("percentage", "percent", "percent", "1", "percent"),
    UNIT("percentage points", "pp", "percentage-points", "1", "pp"),
    UNIT("second", "s", "duration", "1", "s"),
    UNIT("seconds", "s", "duration", "1", "s"),
    UNIT("minute", "min", "duration", "60", "s"),
    UNIT("minutes", "min", "duration", "60", "s"),
    UNIT("min", "min", "duration", "60", "s"),
    UNIT("mins", "min", "duration", "60", "s"),
    UNIT("hour", "h", "duration", "3600", "s"),
    UNIT("hours", "h", "duration", "3600", "s"),
    UNIT("hr", "h", "duration", "3600", "s"),
    UNIT("hrs", "h", "duration", "3600", "s"),
    UNIT("h", "h", "duration", "3600", "s"),
    UNIT("day", "d", "duration", "86400", "s"),
    UNIT("days", "d", "duration", "86400", "s"),
    UNIT("week", "wk", "duration", "604800", "s"),
    UNIT("weeks", "wk", "duration", "604800", "s"),
    UNIT("month", "mo", "duration", "2629746", "s"),
    UNIT("months", "mo", "duration", "2629746", "s"),
    UNIT("year", "yr", "duration", "31556952", "s"),
    UNIT("years", "yr", "duration", "31556952", "s"),
    UNIT("ml", "ml", "volume", "0.000001", "m3"),
    UNIT("millilitre", "ml", "volume", "0.000001", "m3"),
    UNIT("millilitres", "ml", "volume", "0.000001", "m3"),
    UNIT("milliliter", "ml", "volume", "0.000001", "m3"),
    UNIT("milliliters", "ml", "volume", "0.000001", "m3"),
    UNIT("l", "l", "volume", "0.001", "m3"),
    UNIT("litre", "l", "volume", "0.001", "m3"),
    UNIT("litres", "l", "volume", "0.001", "m3"),
    UNIT("liter", "l", "volume", "0.001", "m3"),
    UNIT("liters", "l", "volume", "0.001", "m3"),
    UNIT("gallon", "gal", "volume", "0.003785411784", "m3"),
    UNIT("gallons", "gal", "volume", "0.003785411784", "m3"),
    UNIT("barrel", "bbl", "volume", "0.158987294928", "m3"),
    UNIT("barrels", "bbl", "volume", "0.158987294928", "m3"),
    UNIT("cubic feet", "ft3", "volume", "0.028316846592", "m3"),
    UNIT("cubic foot", "ft3", "volume", "0.028316846592", "m3"),
    UNIT("cubic metres", "m3", "volume", "1", "m3"),
    UNIT("cubic meters", "m3", "volume", "1", "m3"),
    UNIT("m3", "m3", "volume", "1", "m3"),
    UNIT("acre", "acre", "area", "4046.8564224", "m2"),
    UNIT("acres", "acre", "area", "4046.8564224", "m2"),
    UNIT("hectare", "ha", "area", "10000", "m2"),
    UNIT("hectares", "ha", "area", "10000", "m2"),
    UNIT("square metres", "m2", "area", "1", "m2"),
    UNIT("square meters", "m2", "area", "1", "m2"),
    UNIT("square metre", "m2", "area", "1", "m2"),
    UNIT("square meter", "m2", "area", "1", "m2"),
    UNIT("m2", "m2", "area", "1", "m2"),
    UNIT("square kilometres", "km2", "area", "1000000", "m2"),
    UNIT("square kilometers", "km2", "area", "1000000", "m2"),
    UNIT("km2", "km2", "area", "1000000", "m2"),
    UNIT("square miles", "mi2", "area", "2589988.110336", "m2"),
    UNIT("square mile", "mi2", "area", "2589988.110336", "m2"),
    UNIT("square feet", "ft2", "area", "0.09290304", "m2"),
    UNIT("square foot", "ft2", "area", "0.09290304", "m2"),
    UNIT("sq ft", "ft2", "area", "0.09290304", "m2"),
    UNIT("ounce", "oz", "mass", "0.028349523125", "kg"),
    UNIT("metric tons", "t", "mass", "1000", "kg"),
    UNIT("metric ton", "t", "mass", "1000", "kg"),
    UNIT("milligrams", "mg", "mass", "0.000001", "kg"),
    UNIT("mg", "mg", "mass", "0.000001", "kg"),
    UNIT("microgram", "ug", "mass", "0.000000001", "kg"),
    UNIT("micrograms", "ug", "mass", "0.000000001", "kg"),
    UNIT("miles per hour", "mph", "speed", "0.44704", "m/s"),
    UNIT("miles an hour", "mph", "speed", "0.44704", "m/s"),
    UNIT("kilometres per hour", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("kilometers per hour", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("kilometres an hour", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("kilometers an hour", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("km/hr", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("kmph", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("bit", "bit", "information", "1", "bit"),
    UNIT("bits", "bit", "information", "1", "bit"),
    UNIT("byte", "B", "information", "8", "bit"),
    UNIT("bytes", "B", "information", "8", "bit"),
    UNIT("kb", "kB", "information", "8000", "bit"),
    UNIT("mb", "MB", "information", "8000000", "bit"),
    UNIT("gb", "GB", "information", "8000000000", "bit"),
    UNIT("tb", "TB", "information", "8000000000000", "bit"),
    UNIT("megabytes", "MB", "information", "8000000", "bit"),
    UNIT("gigabytes", "GB", "information", "8000000000", "bit"),
    UNIT("terabytes", "TB", "information", "8000000000000", "bit"),
    UNIT("mph", "mph", "speed", "0.44704", "m/s"),
    UNIT("km/h", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("kph", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("kmh", "km/h", "speed", "0.277777777778", "m/s"),
    UNIT("m/s", "m/s", "speed", "1", "m/s"),
    {"units",
     "°C",
     {"id", "degC", "dimension", "temperature", "factor", "1", "base", "K", "offset", "273.15"}},
    {"units",
     "degrees Celsius",
     {"id", "degC", "dimension", "temperature", "factor", "1", "base", "K", "offset", "273.15"}},
    {"units",
     "°F",
     {"id", "degF", "dimension", "temperature", "factor", "0.555555555556", "base", "K", "offset",
      "255.372222222"}},
    {"units",
     "degrees Fahrenheit",
     {"id", "degF", "dimension", "temperature", "factor", "0.555555555556", "base", "K", "offset",
      "255.372222222"}},
    UNIT("dollar", "USD", "money", "1", "USD"),
    UNIT("dollars", "USD", "money", "1", "USD"),
    UNIT("USD", "USD", "money", "1", "USD"),
    UNIT("euro", "EUR", "money", "1", "EUR"),
    UNIT("euros", "EUR", "money", "1", "EUR"),
    UNIT("EUR", "EUR", "money", "1", "EUR"),
    UNIT("GBP", "GBP", "money", "1", "GBP"),
    UNIT("pounds sterling", "GBP", "money", "1", "GBP"),
    UNIT("yen", "JPY", "money", "1", "JPY"),
    UNIT("yuan", "CNY", "money", "1", "CNY"),
    UNIT("won", "KRW", "money", "1", "KRW"),
    UNIT("swiss francs", "CHF", "money", "1", "CHF"),
    UNIT("swiss franc", "CHF", "money", "1", "CHF"),
    UNIT("australian dollars", "AUD", "money", "1", "AUD"),
    UNIT("australian dollar", "AUD", "money", "1", "AUD"),
    UNIT("canadian dollars", "CAD", "money", "1", "CAD"),
    UNIT("canadian dollar", "CAD", "money", "1", "CAD"),
    UNIT("us dollars", "USD", "money", "1", "USD"),
    UNIT("us dollar", "USD", "money", "1", "USD"),
    UNIT("pesetas", "ESP", "money", "1", "ESP"),
    UNIT("guilders", "NLG", "money", "1", "NLG"),
    UNIT("dutch guilders", "NLG", "money", "1", "NLG"),
    UNIT("penny", "GBP", "money", "0.01", "GBP"),
    UNIT("pennies", "GBP", "money", "0.01", "GBP"),
    UNIT("markka", "FIM", "money", "1", "FIM"),
    UNIT("finnish markka", "FIM", "money", "1", "FIM"),
    UNIT("hong kong dollars", "HKD", "money", "1", "HKD"),
    {"currency_symbols", "HK$", {"id", "HKD"}},
    UNIT("cent", "USD", "money", "0.01", "USD"),
    UNIT("cents", "USD", "money", "0.01", "USD"),
    UNIT("pence", "GBP", "money", "0.01", "GBP"),
    UNIT("franc", "CHF", "money", "1", "CHF"),
    UNIT("francs", "CHF", "money", "1", "CHF"),
    UNIT("rupees", "INR", "money", "1", "INR"),
    UNIT("pesos", "MXN", "money", "1", "MXN"),
    {"currency_symbols", "$", {"id", "USD"}},
    {"currency_symbols", "US$", {"id", "USD"}},
    {"currency_symbols", "€", {"id", "EUR"}},
    {"currency_symbols", "£", {"id", "GBP"}},
    {"currency_symbols", "¥", {"id", "JPY"}},
    {"currency_symbols", "C$", {"id", "CAD"}},
    {"currency_symbols", "A$", {"id", "AUD"}},
    UNIT("₹", "INR", "money", "1", "INR"),
    UNIT("₩", "KRW", "money", "1", "KRW"),
    UNIT("₽", "RUB", "money", "1", "RUB"),
    UNIT("₺", "TRY", "money", "1", "TRY"),
    UNIT("₴", "UAH", "money", "1", "UAH"),
    UNIT("₦", "NGN", "money", "1", "NGN"),
    UNIT("₱", "PHP", "money", "1", "PHP"),
    UNIT("₫", "VND", "money", "1", "VND"),
    UNIT("₪", "ILS", "money", "1", "ILS"),
    UNIT("₡", "CRC", "money", "1", "CRC"),
    UNIT("₾", "GEL", "money", "1", "GEL"),
    UNIT("₭", "LAK", "money", "1", "LAK"),
    UNIT("฿", "THB", "money", "1", "THB"),
    {"currency_symbols", "₹", {"id", "INR"}},
    {"currency_symbols", "₩", {"id", "KRW"}},
    {"currency_symbols", "₽", {"id", "RUB"}},
    {"currency_symbols", "₺", {"id", "TRY"}},
    {"currency_symbols", "₴", {"id", "UAH"}},
    {"currency_symbols", "₦", {"id", "NGN"}},
    {"currency_symbols", "₱", {"id", "PHP"}},
    {"currency_symbols", "₫", {"id", "VND"}},
    {"currency_symbols", "₪", {"id", "ILS"}},
    {"currency_symbols", "฿", {"id", "THB"}},
    MON("january", "1"),
    MON("jan", "1"),
    MON("february", "2"),
    MON("feb", "2"),
    MON("march", "3"),
    MON("mar", "3"),
    MON("april", "4"),
    MON("apr", "4"),
    MON("may", "5"),
    MON("june", "6"),
    MON("jun", "6"),
    MON("july", "7"),
    MON("jul", "7"),
    MON("august", "8"),
    MON("aug", "8"),
    MON("september", "9"),
    MON("sept", "9"),
    MON("sep", "9"),
    MON("october", "10"),
    MON("oct", "10"),
    MON("november", "11"),
    MON("nov", "11"),
    MON("december", "12"),
    MON("dec", "12"),
    WD("monday", "1"),
    WD("mon", "1"),
    WD("tuesday", "2"),
    WD("tue", "2"),
    WD("tues", "2"),
    WD("wednesday", "3"),
    WD("wed", "3"),
    WD("thursday", "4"),
    WD("thu", "4"),
    WD("thurs", "4"),
    WD("friday", "5"),
    WD("fri", "5"),
    WD("saturday", "6"),
    WD("sat", "6"),
    WD("sunday", "7"),
    WD("sun", "7"),
    /* hedges: low/high are factors of the value; "open" bounds are inf */
    HEDGE("approximately", "0.9", "1.1"),
    HEDGE("about", "0.9", "1.1"),
    HEDGE("around", "0.9", "1.1"),
    HEDGE("roughly", "0.9", "1.1"),
    HEDGE("some", "0.9", "1.1"),
    HEDGE("an estimated", "0.9", "1.1"),
    HEDGE("estimated", "0.9", "1.1"),
    HEDGE("close to", "0.9", "1"),
    HEDGE("nearly", "0.9", "1"),
    HEDGE("almost", "0.9", "1"),
    HEDGE("more than", "1", "inf"),
    HEDGE("over", "1", "inf"),
    HEDGE("at least", "1", "inf"),
    HEDGE("upwards of", "1", "inf"),
    HEDGE("in excess of", "1", "inf"),
    HEDGE("up to", "0", "1"),
    HEDGE("fewer than", "0", "1"),
    HEDGE("less than", "0", "1"),
    HEDGE("under", "0", "1"),
    HEDGE("at most", "0", "1"),
    HEDGE("no more than", "0", "1"),
    HEDGE("as many as", "0", "1"),
    HEDGE("no less than", "1", "inf"),
    HEDGE("no fewer than", "1", "inf"),
    HEDGE("not less than", "1", "inf"),
    HEDGE("not fewer than", "1", "inf"),
    HEDGE("not more than", "0", "1"),
    HEDGE("greater than", "1", "inf"),
    HEDGE("larger than", "1", "inf"),
    HEDGE("higher than", "1", "inf"),
    HEDGE("bigger than", "1", "inf"),
    HEDGE("above", "1", "inf"),
    HEDGE("exceeding", "1", "inf"),
    HEDGE("exceed", "1", "inf"),
    HEDGE("exceeds", "1", "inf"),
    HEDGE("surpassing", "1", "inf"),
    HEDGE("surpass", "1", "inf"),
    HEDGE("below", "0", "1"),
    HEDGE("smaller than", "0", "1"),
    HEDGE("lower than", "0", "1"),
    HEDGE("less than or equal to", "0", "1"),
    HEDGE("fewer than or equal to", "0", "1"),
    HEDGE("greater than or equal to", "1", "inf"),
    HEDGE("more than or equal to", "1", "inf"),
    HEDGE("equal to or less than", "0", "1"),
    HEDGE("equal to or fewer than", "0", "1"),
    HEDGE("equal to or more than", "1", "inf"),
    HEDGE("equal to or greater than", "1", "inf"),
    POST_HEDGE("or more", "1", "inf"),
    POST_HEDGE("or greater", "1", "inf"),
    POST_HEDGE("or higher", "1", "inf"),
    POST_HEDGE("or above", "1", "inf"),
    POST_HEDGE("or over", "1", "inf"),
    POST_HEDGE("and more", "1", "inf"),
    POST_HEDGE("and above", "1", "inf"),
    POST_HEDGE("and over", "1", "inf"),
    POST_HEDGE("and up", "1", "inf"),
    POST_HEDGE("or less", "0", "1"),
    POST_HEDGE("or fewer", "0", "1"),
    POST_HEDGE("or lower", "0", "1"),
    POST_HEDGE("or below", "0", "1"),
    POST_HEDGE("or under", "0", "1"),
    POST_HEDGE("and under", "0", "1"),
    POST_HEDGE("and below", "0", "1"),
    POST_HEDGE("or so", "0.9", "1.1"),
    {"irregular_plurals", "people", {"value", "person"}},
    {"irregular_plurals", "men", {"value", "man"}},
    {"irregular_plurals", "women", {"value", "woman"}},
    {"irregular_plurals", "children", {"value", "child"}},
    {"irregular_plurals", "feet", {"value", "foot"}},
    {"irregular_plurals", "teeth", {"value", "tooth"}},
    {"irregular_plurals", "mice", {"value", "mouse"}},
    {"irregular_plurals", "geese", {"value", "goose"}},
    {"irregular_plurals", "lives", {"value", "life"}},
    {"irregular_plurals", "wives", {"value", "wife"}},
    {"irregular_plurals", "knives", {"value", "knife"}},
    {"irregular_plurals", "leaves", {"value", "leaf"}},
    {"irregular_plurals", "halves", {"value", "half"}},
    {"irregular_plurals", "police", {"value", "police"}},
    {"irregular_plurals", "staff", {"value", "staff"}},
    {"irregular_plurals", "series", {"value", "series"}},
    {"irregular_plurals", "species", {"value", "species"}},
    {"irregular_plurals", "news", {"value", "news"}},
    {"irregular_plurals", "crises", {"value", "crisis"}},
    {"irregular_plurals", "analyses", {"value", "analysis"}},
    {"irregular_plurals", "criteria", {"value", "criterion"}},
    {"irregular_plurals", "data", {"value", "data"}},
    {"irregular_plurals", "sheep", {"value", "sheep"}},
    {"irregular_plurals", "fish", {"value", "fish"}},
    {"irregular_plurals", "aircraft", {"value", "aircraft"}},
    {"irregular_plurals", "troops", {"value", "troop"}},
    {"irregular_plurals", "bus", {"value", "bus"}},
    {"irregular_plurals", "gas", {"value", "gas"}},
    {"irregular_plurals", "this", {"value", "this"}},
    {"irregular_plurals", "was", {"value", "was"}},
    {"irregular_plurals", "is", {"value", "is"}},
    {"irregular_plurals", "has", {"value", "has"}},
    {"irregular_plurals", "its", {"value", "its"}},
    {"irregular_plurals", "us", {"value", "us"}},
    {"irregular_plurals", "plus", {"value", "plus"}},
    {"irregular_plurals", "thus", {"value", "thus"}},
    {"irregular_plurals", "status", {"value", "status"}},
    {"irregular_plurals", "campus", {"value", "campus"}},
    {"irregular_plurals", "census", {"value", "census"}},
    {"irregular_plurals", "bonus", {"value", "bonus"}},
    {"irregular_plurals", "virus", {"value", "virus"}},
    {"irregular_plurals", "focus", {"value", "focus"}},
    {"irregular_plurals", "athletics", {"value", "athletics"}},
    {"irregular_plurals", "politics", {"value", "politics"}},
    WORD("figure_noun_stops", "of"),
    WORD("figure_noun_stops", "in"),
    WORD("figure_noun_stops", "at"),
    WORD("figure_noun_stops", "to"),
    WORD("figure_noun_stops", "for"),
    WORD("figure_noun_stops", "from"),
    WORD("figure_noun_stops", "on"),
    WORD("figure_noun_stops", "by"),
    WORD("figure_noun_stops", "with"),
    WORD("figure_noun_stops", "and"),
    WORD("figure_noun_stops", "or"),
    WORD("figure_noun_stops", "but"),
    WORD("figure_noun_stops", "nor"),
    WORD("figure_noun_stops", "the"),
    WORD("figure_noun_stops", "a"),
    WORD("figure_noun_stops", "an"),
    WORD("figure_noun_stops", "were"),
    WORD("figure_noun_stops", "was"),
    WORD("figure_noun_stops", "are"),
    WORD("figure_noun_stops", "is"),
    WORD("figure_noun_stops", "be"),
    WORD("figure_noun_stops", "been"),
    WORD("figure_noun_stops", "being"),
    WORD("figure_noun_stops", "have"),
    WORD("figure_noun_stops", "has"),
    WORD("figure_noun_stops", "had"),
    WORD("figure_noun_stops", "who"),
    WORD("figure_noun_stops", "whom"),
    WORD("figure_noun_stops", "which"),
    WORD("figure_noun_stops", "that"),
    WORD("figure_noun_stops", "this"),
    WORD("figure_noun_stops", "these"),
    WORD("figure_noun_stops", "those"),
    WORD("figure_noun_stops", "than"),
    WORD("figure_noun_stops", "as"),
    WORD("figure_noun_stops", "per"),
    WORD("figure_noun_stops", "into"),
    WORD("figure_noun_stops", "onto"),
    WORD("figure_noun_stops", "over"),
    WORD("figure_noun_stops", "under"),
    WORD("figure_noun_stops", "about"),
    WORD("figure_noun_stops", "after"),
    WORD("figure_noun_stops", "before"),
    WORD("figure_noun_stops", "during"),
    WORD("figure_noun_stops", "while"),
    WORD("figure_noun_stops", "when"),
    WORD("figure_noun_stops", "where"),
    WORD("figure_noun_stops", "will"),
    WORD("figure_noun_stops", "would"),
    WORD("figure_noun_stops", "could"),
    WORD("figure_noun_stops", "should"),
    WORD("figure_noun_stops", "can"),
    WORD("figure_noun_stops", "may"),
    WORD("figure_noun_stops", "might"),
    WORD("figure_noun_stops", "must"),
    WORD("figure_noun_stops", "said"),
    WORD("figure_noun_stops", "says"),
    WORD("figure_noun_stops", "more"),
    WORD("figure_noun_stops", "less"),
    WORD("figure_noun_stops", "most"),
    WORD("figure_noun_stops", "least"),
    WORD("figure_noun_stops", "each"),
    WORD("figure_noun_stops", "every"),
    WORD("figure_noun_stops", "it"),
    WORD("figure_noun_stops", "its"),
    WORD("figure_noun_stops", "their"),
    WORD("figure_noun_stops", "his"),
    WORD("figure_noun_stops", "her"),
    WORD("figure_noun_stops", "he"),
    WORD("figure_noun_stops", "she"),
    WORD("figure_noun_stops", "they"),
    WORD("figure_noun_stops", "we"),
    WORD("figure_noun_stops", "you"),
    WORD("figure_noun_stops", "i"),
    WORD("figure_noun_stops", "them"),
    WORD("figure_noun_stops", "there"),
    WORD("figure_noun_stops", "here"),
    WORD("figure_noun_stops", "so"),
    WORD("figure_noun_stops", "such"),
    WORD("figure_noun_stops", "not"),
    WORD("figure_noun_stops", "no"),
    WORD("figure_noun_stops", "out"),
    WORD("figure_noun_stops", "up"),
    WORD("figure_noun_stops", "down"),
    WORD("figure_noun_stops", "off"),
    WORD("figure_noun_stops", "only"),
    WORD("figure_noun_stops", "also"),
    WORD("figure_noun_stops", "just"),
    WORD("figure_noun_stops", "ago"),
    WORD("figure_noun_stops", "later"),
    WORD("figure_noun_stops", "earlier"),
    WORD("figure_noun_stops", "old"),
    WORD("figure_noun_stops", "apiece"),
    WORD("figure_noun_stops", "percent"),
    WORD("figure_noun_stops", "each"),
    WORD("figure_noun_stops", "than"),
    WORD("figure_noun_stops", "then"),
    WORD("figure_noun_stops", "if"),
    WORD("figure_noun_stops", "because"),
    WORD("figure_noun_stops", "since"),
    WORD("figure_noun_stops", "until"),
    WORD("figure_noun_stops", "though"),
    WORD("figure_noun_stops", "although"),
    WORD("figure_noun_stops", "yet"),
    WORD("figure_noun_stops", "via"),
    WORD("figure_noun_stops", "among"),
    WORD("figure_noun_stops", "between"),
    WORD("figure_noun_stops", "against"),
    WORD("figure_noun_stops", "across"),
    WORD("figure_noun_stops", "within"),
    WORD("figure_noun_stops", "without"),
    WORD("figure_noun_stops", "including"),
    WORD("figure_noun_stops", "like"),
    WORD("figure_noun_stops", "whose"),
    WORD("figure_noun_stops", "what"),
    WORD("figure_noun_stops", "how"),
    WORD("figure_noun_stops", "why"),
    WORD("figure_noun_stops", "do"),
    WORD("figure_noun_stops", "does"),
    WORD("figure_noun_stops", "did"),
    WORD("figure_noun_stops", "got"),
    WORD("figure_noun_stops", "get"),
    WORD("figure_noun_stops", "make"),
    WORD("figure_noun_stops", "made"),
    WORD("figure_noun_stops", "took"),
    WORD("figure_noun_stops", "take"),
    WORD("figure_noun_stops", "outside"),
    WORD("figure_noun_stops", "inside"),
    WORD("figure_noun_stops", "away"),
    WORD("figure_noun_stops", "long"),
    WORD("figure_noun_stops", "high"),
    WORD("figure_noun_stops", "tall"),
    WORD("figure_noun_stops", "wide"),
    WORD("figure_noun_stops", "deep"),
    WORD("figure_noun_stops", "far"),
    WORD("figure_noun_stops", "apart"),
    WORD("figure_noun_stops", "overall"),
    WORD("figure_noun_stops", "total"),
    WORD("figure_noun_stops", "ahead"),
    WORD("figure_noun_stops", "behind"),
    WORD("figure_noun_stops", "too"),
    WORD("figure_noun_stops", "now"),
    WORD("figure_noun_stops", "today"),
    WORD("figure_noun_stops", "yesterday"),
    WORD("figure_skip_before", "category"),
    WORD("figure_skip_before", "case"),
    WORD("figure_skip_before", "page"),
    WORD("figure_skip_before", "pages"),
    WORD("figure_skip_before", "p"),
    WORD("figure_skip_before", "pp"),
    WORD("figure_skip_before", "chapter"),
    WORD("figure_skip_before", "chapters"),
    WORD("figure_skip_before", "section"),
    WORD("figure_skip_before", "sections"),
    WORD("figure_skip_before", "article"),
    WORD("figure_skip_before", "articles"),
    WORD("figure_skip_before", "no"),
    WORD("figure_skip_before", "nos"),
    WORD("figure_skip_before", "number"),
    WORD("figure_skip_before", "route"),
    WORD("figure_skip_before", "highway"),
    WORD("figure_skip_before", "interstate"),
    WORD("figure_skip_before", "room"),
    WORD("figure_skip_before", "episode"),
    WORD("figure_skip_before", "version"),
    WORD("figure_skip_before", "versions"),
    WORD("figure_skip_before", "season"),
    WORD("figure_skip_before", "volume"),
    WORD("figure_skip_before", "vol"),
    WORD("figure_skip_before", "verse"),
    WORD("figure_skip_before", "line"),
    WORD("figure_skip_before", "item"),
    WORD("figure_skip_before", "exhibit"),
    WORD("figure_skip_before", "figure"),
    WORD("figure_skip_before", "fig"),
    WORD("figure_skip_before", "table"),
    WORD("figure_skip_before", "paragraph"),
    WORD("figure_skip_before", "para"),
    WORD("figure_skip_before", "clause"),
    WORD("figure_skip_before", "flight"),
    WORD("figure_skip_before", "apartment"),
    WORD("figure_skip_before", "apt"),
    WORD("figure_skip_before", "suite"),
    WORD("figure_skip_before", "platform"),
    WORD("figure_skip_before", "gate"),
    WORD("figure_skip_before", "level"),
    WORD("figure_skip_before", "grade"),
    WORD("figure_skip_before", "psalm"),
    WORD("figure_skip_before", "rule"),
    WORD("figure_skip_before", "act"),
    WORD("street_types", "street"),
    WORD("street_types", "st"),
    WORD("street_types", "avenue"),
    WORD("street_types", "ave"),
    WORD("street_types", "road"),
    WORD("street_types", "rd"),
    WORD("street_types", "boulevard"),
    WORD("street_types", "blvd"),
    WORD("street_types", "lane"),
    WORD("street_types", "ln"),
    WORD("street_types", "drive"),
    WORD("street_types", "dr"),
    WORD("street_types", "way"),
    WORD("street_types", "place"),
    WORD("street_types", "pl"),
    WORD("street_types", "court"),
    WORD("street_types", "ct"),
    WORD("street_types", "terrace"),
    WORD("street_types", "highway"),
    WORD("street_types", "square"),
    WORD("street_types", "plaza"),
    WORD("vote_nouns", "vote"),
    WORD("vote_nouns", "votes"),
    WORD("vote_nouns", "decision"),
    WORD("vote_nouns", "ruling"),
    WORD("vote_nouns", "verdict"),
    WORD("vote_nouns", "majority"),
    WORD("vote_nouns", "margin"),
    WORD("vote_nouns", "split"),
    WORD("one_pronoun_before", "no"),
    WORD("one_pronoun_before", "the"),
    WORD("one_pronoun_before", "this"),
    WORD("one_pronoun_before", "that"),
    WORD("one_pronoun_before", "any"),
    WORD("one_pronoun_before", "every"),
    WORD("one_pronoun_before", "each"),
    WORD("one_pronoun_before", "which"),
    WORD("one_pronoun_before", "someone"),
    WORD("one_pronoun_before", "anyone"),
    WORD("cite_pronouns", "he"),
    WORD("cite_pronouns", "she"),
    WORD("cite_pronouns", "they"),
    WORD("cite_pronouns", "it"),
    WORD("cite_pronouns", "we"),
    WORD("cite_pronouns", "i"),
    WORD("cite_pronouns", "you"),
    WORD("cite_pronouns", "his"),
    WORD("cite_pronouns", "her"),
    WORD("cite_pronouns", "their"),
    WORD("cite_pronouns", "its"),
    WORD("cite_pronouns", "him"),
    WORD("cite_pronouns", "them"),
    WORD("cite_pronouns", "us"),
    WORD("cite_pronouns", "me"),
    WORD("cite_pronouns", "this"),
    WORD("cite_pronouns", "that"),
    WORD("cite_pronouns", "these"),
    WORD("cite_pronouns", "those"),
    WORD("cite_pronouns", "there"),
    WORD("date_modifiers", "since"),
    WORD("date_modifiers", "after"),
    WORD("date_modifiers", "before"),
    WORD("date_modifiers", "until"),
    WORD("date_modifiers", "till"),
    WORD("date_modifiers", "later than"),
    WORD("date_modifiers", "no later than"),
    WORD("date_modifiers", "earlier than"),
    WORD("date_modifiers", "no earlier than"),
    WORD("date_modifiers", "greater than"),
    WORD("date_modifiers", "starting"),
    WORD("date_modifiers", "starting on"),
    WORD("date_modifiers", "starting from"),
    WORD("date_modifiers", "beginning"),
    WORD("date_modifiers", "beginning on"),
    WORD("date_modifiers", "not later than"),
    WORD("date_modifiers", "prior to"),
    WORD("speech_verbs", "said"),
    WORD("speech_verbs", "says"),
    WORD("speech_verbs", "told"),
    WORD("speech_verbs", "reported"),
    WORD("speech_verbs", "stated"),
    WORD("speech_verbs", "announced"),
    WORD("speech_verbs", "wrote"),
    WORD("speech_verbs", "writes"),
    WORD("speech_verbs", "claimed"),
    WORD("speech_verbs", "added"),
    WORD("speech_verbs", "noted"),
};

#define N_BUILTINS (sizeof builtins / sizeof *builtins)

size_t xc_builtin_count(void)
{
    return N_BUILTINS;
}

const char *xc_builtin_at(size_t i, const char **word, const char *const **kv)
{
    if (i >= N_BUILTINS) return NULL;
    *word = builtins[i].word;
    *kv = builtins[i].kv;
    return builtins[i].list;
}

static unsigned char fold_byte(unsigned char x)
{
    if (x >= 'A' && x <= 'Z') return (unsigned char)(x | 0x20);
    if (x == '\t') return ' ';
    return x;
}

/* Compares (list, word[0..n)) with a built-in entry, ignoring ASCII case. */
static int builtin_cmp(const char *list, const char *w, size_t n, const builtin *b)
{
    int c = strcmp(list, b->list);
    if (c) return c;
    size_t i = 0;
    for (; i < n && b->word[i]; i++) {
        unsigned char x = fold_byte((unsigned char)w[i]), y = fold_byte((unsigned char)b->word[i]);
        if (x != y) return x < y ? -1 : 1;
    }
    if (i < n) return 1;
    return b->word[i] ? -1 : 0;
}

static int builtin_qcmp(const void *a, const void *b)
{
    const builtin *x = &builtins[*(const unsigned short *)a];
    const builtin *y = &builtins[*(const unsigned short *)b];
    return builtin_cmp(x->list, x->word, strlen(x->word), y);
}

/* The built-in entries sorted by list and word, built once. */
static unsigned short builtin_index[N_BUILTINS];
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void builtin_sort(void)
{
    for (size_t i = 0; i < N_BUILTINS; i++) builtin_index[i] = (unsigned short)i;
    qsort(builtin_index, N_BUILTINS, sizeof *builtin_index, builtin_qcmp);
}

static const builtin *builtin_find(const char *list, const char *s, size_t n)
{
    pthread_once(&builtin_once, builtin_sort);
    size_t lo = 0, hi = N_BUILTINS;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = builtin_cmp(list, s, n, &builtins[builtin_index[mid]]);
        if (c == 0) return &builtins[builtin_index[mid]];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* ------------------------------------------------------ bound lexicon
 *
 * The dates and figures extractors look words up in a dozen lists at almost
 * every token. xc_lex_bind resolves those lists once per extraction and
 * keeps, per list, a bit filter over (first two lower-case bytes, length) of
 * its ASCII keys, so that most words are rejected without normalizing or
 * hashing them. The filters are cached per thread and rebuilt only when the
 * bound rule set's lists change. Outside a binding xc_lex resolves the list
 * by name on every call (the slow, always-correct path). */

enum {
    L_MONTH,
    L_WEEKDAY,
    L_NUMBER_WORDS,
    L_UNITS,
    L_SCALES,
    L_HEDGES,
    L_IRREGULAR,
    L_CURRENCY,
    L_DATE_MODIFIERS,
    L_SPEECH_VERBS,
    L_CITE_PRONOUNS,
    L_FIGURE_NOUN_STOPS,
    L_FIGURE_SKIP_BEFORE,
    L_ONE_PRONOUN_BEFORE,
    L_PLURAL_INVARIANT,
    L_STREET_TYPES,
    L_VOTE_NOUNS,
    L_VOTE_VERBS,
    L_POST_HEDGES,
    /* lists the figures extractor tests a word against now and then */
    L_AGE_BOUNDS,
    L_AGE_NOUNS,
    L_GENERIC_ONE_BEFORE,
    L_HONORIFICS,
    L_MODAL_VERBS,
    L_POSSESSIVE_DETERMINERS,
    L_LISTS,
    /* unions: words a date or a figure can begin with */
    L_DATE_STARTS = L_LISTS,
    L_FIGURE_STARTS,
    L_N
};

static const char *const lex_names[L_N] = {"month",
                                           "weekday",
                                           "number_words",
                                           "units",
                                           "scales",
                                           "hedges",
                                           "irregular_plurals",
                                           "currency_symbols",
                                           "date_modifiers",
                                           "speech_verbs",
                                           "cite_pronouns",
                                           "figure_noun_stops",
                                           "figure_skip_before",
                                           "one_pronoun_before",
                                           "plural_invariant",
                                           "street_types",
                                           "vote_nouns",
                                           "vote_verbs",
                                           "post_hedges",
                                           "age_bounds",
                                           "age_nouns",
                                           "generic_one_before",
                                           "honorifics",
                                           "modal_verbs",
                                           "possessive_determiners",
                                           "date_starts",
                                           "figure_starts"};

/* Words a date written in words can begin with besides months, weekdays and
 * number words (dates.c: match_word, match_period, match_relative). */
static const char *const date_start_words[] = {
    "yesterday", "today", "tomorrow", "earlier", "later", "early",  "late",
    "last",      "past",  "previous", "this",    "next",  "coming", "current",
    "following", "week",  "spring",   "summer",  "fall",  "autumn", "winter",
    "the",       "a",     "an",       "q",       NULL};
/* Words a figure can begin with besides number words (figures.c:
 * word_trigger, vague_plural). */
static const char *const figure_start_words[] = {
    "a", "an", "tens", "dozens", "scores", "hundreds", "thousands", "millions", "billions", NULL};

#define LEX_FILTER_BITS XC_LEX_FILTER_BITS

typedef struct {
    const xc_list *list; /* the rule set's list; NULL: the built-in one */
    uint64_t serial;     /* the rule set's serial (0: none): addresses may be reused */
    bool built;          /* filter is valid for (serial, list) */
    uint8_t filter[LEX_FILTER_BITS / 8];
} lex_slot;

static _Thread_local struct {
    const xc_rules *rs;
    bool bound;
    bool ready;      /* every slot is built for the rule set of this serial */
    uint64_t serial; /* xc_rules_serial of the rule set the slots are built for */
    lex_slot slot[L_N];
} tl_lex;

/* The answers of the bound lists for the last words and phrases of up to
 * LEX_MEMO_WORD bytes asked about, per thread: the extractors ask about the
 * same words ("the", "of", "people") many times per document. Indexed by
 * the text's filter bit (a hash of its bytes), known by its bytes; cleared
 * whenever xc_lex_bind binds other lists. */
#define LEX_MEMO      1024
#define LEX_MEMO_WORD 22
static _Thread_local struct lex_memo {
    const void *found;
    unsigned char id, n; /* n 0: empty */
    char w[LEX_MEMO_WORD];
} tl_memo[LEX_MEMO];

static unsigned ascii_lower(unsigned char x)
{
    return x >= 'A' && x <= 'Z' ? (unsigned)(x | 0x20) : x;
}

/* Adds a word's key to the filter when the key is ASCII without spaces (the
 * only keys an ASCII query without spaces can equal; other queries bypass
 * the filter). The key is what the rule engine's lookup compares: lower
 * case, with utf8proc's case mapping for non-ASCII letters. */
static void filter_add(lex_slot *sl, const char *w)
{
    char key[64];
    size_t kl = 0, len = strlen(w);
    for (size_t i = 0; i < len;) {
        unsigned char x = (unsigned char)w[i];
        if (x < 0x80) { /* most words are ASCII: no decoding */
            if (x == ' ' || (x >= '\t' && x <= '\r')) return;
            if (kl == sizeof key) return;
            key[kl++] = (char)ascii_lower(x);
            i++;
            continue;
        }
        int32_t cp;
        i += xc_utf8_decode(w, len, i, &cp);
        if (cp >= 0x80) cp = utf8proc_tolower(cp);
        if (cp >= 0x80 || cp == ' ' || (cp >= '\t' && cp <= '\r')) return;
        if (kl == sizeof key) return; /* longer than any word the filters are asked about */
        key[kl++] = (char)ascii_lower((unsigned char)cp);
    }
    if (!kl) return;
    unsigned bit = xc_lex_filter_bit(key, kl);
    xc_lex_filter_add(sl->filter, bit);
}

static void slot_build(lex_slot *sl, const char *name)
{
    memset(sl->filter, 0, sizeof sl->filter);
    if (sl->list) {
        for (size_t i = 0, n = xc_list_size(sl->list); i < n; i++)
            filter_add(sl, xc_list_at(sl->list, i)->word);
    } else {
        for (size_t i = 0; i < N_BUILTINS; i++)
            if (!strcmp(builtins[i].list, name)) filter_add(sl, builtins[i].word);
    }
    sl->built = true;
}

static void union_build(lex_slot *u, const int *from, size_t nfrom, const char *const *words)
{
    memset(u->filter, 0, sizeof u->filter);
    for (size_t k = 0; k < nfrom; k++)
        for (size_t j = 0; j < sizeof u->filter; j++)
            u->filter[j] |= tl_lex.slot[from[k]].filter[j];
    for (size_t i = 0; words[i]; i++) filter_add(u, words[i]);
    u->built = true;
}

/* The slots whose list name begins with a byte, as a bit set: a name is
 * compared with the one to three names that share its first byte, not with
 * all of them. Built once per process (xc_lex_bind). */
_Static_assert(L_N <= 32, "slot sets are 32-bit masks");
static uint32_t slot_first[256];
static pthread_once_t slot_once = PTHREAD_ONCE_INIT;

static void slot_index_build(void)
{
    for (int i = 0; i < L_N; i++) slot_first[(unsigned char)lex_names[i][0]] |= 1u << i;
}

void xc_lex_bind(const xc_rules *rs)
{
    /* The built-in lists are sorted by builtin_find, the first time one is
     * searched: with a rule set that has every list, never. */
    pthread_once(&slot_once, slot_index_build);
    /* Serials are unique for the process's lifetime and a rule set never
     * changes once loaded: the same serial means the same lists, and the
     * slots built for it stand (one test per extractor call, not a look-up
     * of every list by name). No rule set (serial 0) binds the built-in
     * lists, which never change either. */
    uint64_t serial = xc_rules_serial(rs);
    if (tl_lex.ready && tl_lex.serial == serial) {
        tl_lex.rs = rs;
        tl_lex.bound = true;
        return;
    }
    bool changed = false;
    for (int i = 0; i < L_LISTS; i++) {
        lex_slot *sl = &tl_lex.slot[i];
        const xc_list *l = rs ? xc_rules_list(rs, lex_names[i]) : NULL;
        if (sl->built && sl->serial == serial && sl->list == l) continue;
        sl->list = l, sl->serial = serial;
        slot_build(sl, lex_names[i]);
        changed = true;
    }
    if (changed) memset(tl_memo, 0, sizeof tl_memo);
    if (changed || !tl_lex.slot[L_DATE_STARTS].built) {
        static const int ds[] = {L_MONTH, L_WEEKDAY, L_NUMBER_WORDS}, fs[] = {L_NUMBER_WORDS};
        union_build(&tl_lex.slot[L_DATE_STARTS], ds, 3, date_start_words);
        union_build(&tl_lex.slot[L_FIGURE_STARTS], fs, 1, figure_start_words);
    }
    tl_lex.serial = serial;
    tl_lex.ready = true;
    tl_lex.rs = rs;
    tl_lex.bound = true;
}

void xc_lex_unbind(void)
{
    tl_lex.bound = false;
    tl_lex.rs = NULL;
}

static int slot_by_name(const char *list)
{
    for (uint32_t m = slot_first[(unsigned char)list[0]]; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        if (list == lex_names[i] || !strcmp(list, lex_names[i])) return i;
    }
    return -1;
}

/* The slot of a list name. The extractors name lists with string literals,
 * so the answer for a name's address is kept (per thread, a few dozen
 * addresses) instead of comparing strings on every lookup. Inline: every
 * lookup starts here. */
static inline int slot_of(const char *list)
{
    static _Thread_local struct {
        const char *name;
        int id;
    } seen[64];
    size_t h = ((uintptr_t)list >> 3 ^ (uintptr_t)list >> 9) & 63;
    if (seen[h].name == list) return seen[h].id;
    int id = slot_by_name(list);
    seen[h].name = list, seen[h].id = id;
    return id;
}

/* xc_lex_filter_run(s, n, 0, bit) == n: true when the n bytes of s are all
 * ASCII letters, with *bit their filter bit. Most words looked up are
 * short, and xc_lex_filter_run reads a word of fewer than eight bytes one
 * byte at a time: here one of one to eight bytes is read with two loads
 * that may overlap (the bytes they share are the same, so or-ing them
 * changes nothing) and tested eight at a time, as xc_lex_filter_run tests
 * a whole block. Longer words go to xc_lex_filter_run. */
static inline bool letters_bit(const char *s, size_t n, unsigned *bit)
{
    if (n - 1 >= 8) return xc_lex_filter_run(s, n, 0, bit) == n; /* n == 0 too */
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    uint64_t x;
    if (n >= 4)
        x = (uint64_t)xc_load_le32(s) | (uint64_t)xc_load_le32(s + n - 4) << 8 * (n - 4);
    else
        x = (uint64_t)(unsigned char)s[0] | (uint64_t)(unsigned char)s[n / 2] << 8 * (n / 2) |
            (uint64_t)(unsigned char)s[n - 1] << 8 * (n - 1);
    uint64_t mask = n == 8 ? ~(uint64_t)0 : ((uint64_t)1 << 8 * n) - 1;
    uint64_t l = x | 0x20 * ones, lo = l & ~high;
    uint64_t letter = (lo + 0x1F * ones) & ~(lo + 0x05 * ones) & ~x & high;
    if ((letter & mask) != (high & mask)) return false;
    *bit = xc_lex_hash_bit((l & mask) * XC_LEX_HASH_MUL);
    return true;
}

/* The filter bit of s[0..n) when its bytes are all ASCII and none is a
 * space (the keys the filters hold: slot_maybe tests that bit then);
 * false for any other word. */
static bool ascii_key_bit(const char *s, size_t n, unsigned *bit)
{
    if (!n || n > 64) return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)s[i];
        if (x >= 0x80 || x == ' ' || (x >= '\t' && x <= '\r')) return false;
    }
    *bit = xc_lex_filter_bit(s, n);
    return true;
}

/* False when s[0..n) is certainly not a word of the slot's list. */
static bool slot_maybe(const lex_slot *sl, const char *s, size_t n)
{
    if (!n || n > 64) return true; /* filters hold keys of up to 64 bytes */
    /* a byte the filters do not cover lets the word pass */
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)s[i];
        if (x >= 0x80 || x == ' ' || (x >= '\t' && x <= '\r')) return true;
    }
    return xc_lex_filter_has(sl->filter, xc_lex_filter_bit(s, n));
}

const uint8_t *xc_lex_filter(const xc_rules *rs, const char *list)
{
    if (!tl_lex.bound || rs != tl_lex.rs) return NULL;
    int id = slot_of(list);
    return id < 0 ? NULL : tl_lex.slot[id].filter;
}

bool xc_lex_maybe(const xc_rules *rs, const char *list, const char *s, size_t n)
{
    if (!tl_lex.bound || rs != tl_lex.rs) return true;
    int id = slot_of(list);
    return id < 0 || slot_maybe(&tl_lex.slot[id], s, n);
}

static const char *entry_value(const xc_entry *e, const char *key)
{
    if (!e) return NULL;
    if (!key) return "";
    return xc_entry_attr(e, key);
}

static const char *builtin_value(const builtin *b, const char *key)
{
    if (!b) return NULL;
    if (!key) return "";
    for (size_t i = 0; i + 1 < 10 && b->kv[i]; i += 2)
        if (!strcmp(b->kv[i], key)) return b->kv[i + 1];
    return NULL;
}

/* The entry (xc_entry or builtin) of a bound list for s[0..n), or NULL. */
static const void *slot_find(const lex_slot *sl, const char *list, const char *s, size_t n)
{
    if (sl->list) return xc_list_find(sl->list, s, n);
    return builtin_find(list, s, n);
}

/* xc_lex_find, inlined into xc_lex: most lookups are of words the filter
 * rejects, and then the calls cost more than the test. */
static inline bool lex_find(const xc_rules *rs, const char *list, const char *s, size_t n,
                            xc_lex_hit *hit)
{
    hit->entry = NULL, hit->builtin = false;
    if (tl_lex.bound && rs == tl_lex.rs) {
        int id = slot_of(list);
        if (id >= 0 && id < L_LISTS) {
            const lex_slot *sl = &tl_lex.slot[id];
            const void *found;
            unsigned bit;
            if (n && n <= LEX_MEMO_WORD) {
                if (letters_bit(s, n, &bit) || ascii_key_bit(s, n, &bit)) {
                    /* a word of ASCII letters, or of other ASCII bytes
                     * without a space ("%", "km2", "Rs."): the filter */
                    if (!xc_lex_filter_has(sl->filter, bit)) return false;
                } else {
                    /* a phrase ("more than") or a word past ASCII, which
                     * the filter lets through (slot_maybe): the hash of its
                     * bytes places it in the memo */
                    bit = xc_lex_filter_bit(s, n);
                }
                /* then the memo, which knows a text by its bytes */
                struct lex_memo *m = &tl_memo[(bit ^ (unsigned)id * 61u) & (LEX_MEMO - 1)];
                if (m->n != n || m->id != id || memcmp(m->w, s, n)) {
                    m->found = slot_find(sl, list, s, n);
                    m->id = (unsigned char)id, m->n = (unsigned char)n;
                    memcpy(m->w, s, n);
                }
                found = m->found;
            } else {
                if (!slot_maybe(sl, s, n)) return false;
                found = slot_find(sl, list, s, n);
            }
            hit->entry = found, hit->builtin = !sl->list;
            return found != NULL;
        }
    }
    const xc_list *l = rs ? xc_rules_list(rs, list) : NULL;
    if (l)
        hit->entry = xc_list_find(l, s, n);
    else
        hit->entry = builtin_find(list, s, n), hit->builtin = true;
    return hit->entry != NULL;
}

bool xc_lex_find(const xc_rules *rs, const char *list, const char *s, size_t n, xc_lex_hit *hit)
{
    return lex_find(rs, list, s, n, hit);
}

const char *xc_lex_hit_attr(const xc_lex_hit *hit, const char *key)
{
    if (hit->builtin) return builtin_value(hit->entry, key);
    return entry_value(hit->entry, key);
}

const char *xc_lex(const xc_rules *rs, const char *list, const char *s, size_t n, const char *key)
{
    xc_lex_hit hit;
    if (!lex_find(rs, list, s, n, &hit)) return NULL;
    return xc_lex_hit_attr(&hit, key);
}

bool xc_parse_double(const char *s, size_t n, double *out)
{
    size_t i = 0;
    bool neg = false;
    if (n == 3 && xc_ieq_ascii(s, 3, "inf")) {
        *out = INFINITY;
        return true;
    }
    if (i < n && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
    double ip = 0, fp = 0, scale = 1;
    size_t digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') ip = ip * 10 + (s[i++] - '0'), digits++;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9' && scale < 1e17)
            fp = fp * 10 + (s[i++] - '0'), scale *= 10, digits++;
    }
    if (i != n || !digits) return false;
    double v = ip + fp / scale;
    *out = neg ? -v : v;
    return true;
}

static double lex_num(const xc_rules *rs, const char *list, const char *s, size_t n,
                      const char *key, double dflt)
{
    const char *v = xc_lex(rs, list, s, n, key);
    double d;
    if (v && xc_parse_double(v, strlen(v), &d)) return d;
    return dflt;
}

/* ------------------------------------------------------------ tokens */

static int32_t cp_at(const char *s, size_t len, size_t pos)
{
    int32_t cp;
    if (pos >= len) return -1;
    xc_utf8_decode(s, len, pos, &cp);
    return cp;
}

static bool cp_is_word(int32_t cp)
{
    if (cp < 0) return false;
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
    utf8proc_category_t c = utf8proc_category(cp);
    return (c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO) ||
           (c >= UTF8PROC_CATEGORY_ND && c <= UTF8PROC_CATEGORY_NO);
}

static bool cp_is_letter(int32_t cp)
{
    if (cp < 0) return false;
    if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
    utf8proc_category_t c = utf8proc_category(cp);
    return c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO;
}

static bool ascii_alnum(unsigned char x)
{
    return (x >= '0' && x <= '9') || ((x | 0x20) >= 'a' && (x | 0x20) <= 'z');
}

static bool ascii_alpha(unsigned char x)
{
    return (x | 0x20) >= 'a' && (x | 0x20) <= 'z';
}

bool xc_is_word_char(const char *s, size_t len, size_t pos)
{
    if (pos >= len) return false;
    unsigned char x = (unsigned char)s[pos];
    if (x < 0x80) return ascii_alnum(x);
    return cp_is_word(cp_at(s, len, pos));
}

/* xc_is_word_char for the parser's own calls, its ASCII case inline: the
 * byte after a number is almost always ASCII. */
static inline bool word_char_at(const char *s, size_t len, size_t pos)
{
    if (pos < len && (unsigned char)s[pos] < 0x80) return ascii_alnum((unsigned char)s[pos]);
    return xc_is_word_char(s, len, pos);
}

bool xc_word_boundary_before(const char *s, size_t pos)
{
    if (pos == 0) return true;
    unsigned char x = (unsigned char)s[pos - 1];
    if (x < 0x80) return !ascii_alnum(x);
    size_t p = pos - 1;
    while (p > 0 && ((unsigned char)s[p] & 0xC0) == 0x80) p--;
    return !cp_is_word(cp_at(s, pos, p));
}

size_t xc_word_end(const char *s, size_t len, size_t pos)
{
    /* ASCII letters eight at a time (a byte below 0x80 that is 'a'..'z' once
     * 0x20 is set); the first other byte ends the block */
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    while (pos + 8 <= len) {
        uint64_t x = xc_load_le64(s + pos), lo = (x | 0x20 * ones) & ~high;
        uint64_t other = ~((lo + 0x1F * ones) & ~(lo + 0x05 * ones) & ~x & high) & high;
        if (other) {
            pos += (unsigned)__builtin_ctzll(other) >> 3;
            break;
        }
        pos += 8;
    }
    while (pos < len) {
        unsigned char x = (unsigned char)s[pos];
        if (x < 0x80) {
            if (!ascii_alpha(x)) break;
            pos++;
            continue;
        }
        int32_t cp;
        size_t k = xc_utf8_decode(s, len, pos, &cp);
        if (!cp_is_letter(cp)) break;
        pos += k;
    }
    return pos;
}

size_t xc_prev_word(const char *s, size_t pos, size_t *wend)
{
    while (pos > 0 && (s[pos - 1] == ' ' || s[pos - 1] == '\t')) pos--;
    size_t e = pos;
    /* ASCII letters eight at a time, going back (as in xc_word_end; the
     * byte before pos is the highest of the block) */
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    while (pos >= 8) {
        uint64_t x = xc_load_le64(s + pos - 8), lo = (x | 0x20 * ones) & ~high;
        uint64_t other = ~((lo + 0x1F * ones) & ~(lo + 0x05 * ones) & ~x & high) & high;
        if (other) {
            pos -= 7 - ((63 - (unsigned)__builtin_clzll(other)) >> 3);
            break;
        }
        pos -= 8;
    }
    while (pos > 0) {
        unsigned char x = (unsigned char)s[pos - 1];
        if (x < 0x80) {
            if (!ascii_alpha(x)) break;
            pos--;
            continue;
        }
        size_t p = pos - 1;
        while (p > 0 && ((unsigned char)s[p] & 0xC0) == 0x80) p--;
        if (!cp_is_letter(cp_at(s, e, p))) break;
        pos = p;
    }
    if (pos == e) return SIZE_MAX;
    if (wend) *wend = e;
    return pos;
}

/* How many bytes of s[0..n) the lemma of a regular plural keeps and what it
 * ends with instead of the rest ("flies": 3, "y"; "churches": 6, ""; "runners":
 * 6, ""): n and "" when the word is no regular plural. ASCII case is ignored. */
static size_t lemma_stem(const char *s, size_t n, const char **tail)
{
    *tail = "";
    if (!n || (s[n - 1] | 0x20) != 's') return n; /* every rule cuts an "s" */
    if (n > 4 && xc_ieq_ascii(s + n - 3, 3, "ies")) {
        *tail = "y";
        return n - 3;
    }
    if (n > 4 && (xc_ieq_ascii(s + n - 4, 4, "ches") || xc_ieq_ascii(s + n - 4, 4, "shes") ||
                  xc_ieq_ascii(s + n - 4, 4, "sses") || xc_ieq_ascii(s + n - 3, 3, "xes") ||
                  xc_ieq_ascii(s + n - 3, 3, "zes")))
        return n - 2;
    if (n > 3 && (s[n - 1] | 0x20) == 's' && (s[n - 2] | 0x20) != 's' && (s[n - 2] | 0x20) != 'u' &&
        s[n - 2] != '\'')
        return n - 1;
    return n;
}

char *xc_lemma(xc_arena *a, const xc_rules *rs, const char *s, size_t n)
{
    return xc_lemma_of(a, xc_lex(rs, "irregular_plurals", s, n, "value"), s, n);
}

char *xc_lemma_of(xc_arena *a, const char *irr, const char *s, size_t n)
{
    if (irr) return xc_arena_strdup(a, irr);
    const char *tail;
    size_t keep = lemma_stem(s, n, &tail), tl = strlen(tail);
    char *w = xc_arena_alloc(a, keep + tl + 1);
    if (!w) return NULL;
    for (size_t i = 0; i < keep; i++) w[i] = (char)ascii_lower((unsigned char)s[i]);
    memcpy(w + keep, tail, tl + 1);
    return w;
}

bool xc_lemma_differs(const xc_rules *rs, const char *s, size_t n, bool *listed)
{
    const char *irr;
    return xc_lemma_differs_irr(rs, s, n, listed, &irr);
}

bool xc_lemma_differs_irr(const xc_rules *rs, const char *s, size_t n, bool *listed,
                          const char **irr_out)
{
    xc_lex_hit hit;
    bool found = xc_lex_find(rs, "irregular_plurals", s, n, &hit);
    if (listed) *listed = found;
    const char *irr = found ? xc_lex_hit_attr(&hit, "value") : NULL;
    *irr_out = irr;
    if (irr) return !xc_ieq_ascii(s, n, irr);
    const char *tail;
    return lemma_stem(s, n, &tail) != n;
}

/* ------------------------------------------------------------ numbers */

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A scale word ("million") after the number: returns its value and moves *pos. */
static double scale_word(const xc_rules *rs, const char *s, size_t len, size_t *pos)
{
    size_t p = xc_skip_spaces(s, len, *pos);
    if (p == *pos && p < len && !is_digit(s[p]) && word_char_at(s, len, p)) {
        /* glued: "1.2bn", "5k" */
    } else if (p == *pos) {
        return 0;
    }
    if (tl_lex.bound && rs == tl_lex.rs) {
        /* a word of ASCII letters that an ASCII byte other than a letter or
         * a digit ends (where xc_word_end would end it), read once with its
         * filter bit: the test below without the call */
        unsigned bit;
        size_t e = xc_lex_filter_run(s, len, p, &bit);
        if (e > p && e - p <= 64 &&
            (e >= len || ((unsigned char)s[e] < 0x80 && !ascii_alnum((unsigned char)s[e]))) &&
            !xc_lex_filter_has(tl_lex.slot[L_NUMBER_WORDS].filter, bit) &&
            !xc_lex_filter_has(tl_lex.slot[L_SCALES].filter, bit) &&
            !xc_ieq_ascii(s + p, e - p, "dozens"))
            return 0;
    }
    size_t e = xc_word_end(s, len, p);
    if (e == p || word_char_at(s, len, e)) return 0;
    if (tl_lex.bound && rs == tl_lex.rs && e - p <= 64) {
        /* most words after a number are no scale ("5 people"): a word of
         * ASCII letters that the filters of both lists reject, and that is
         * not "dozens", is looked up in neither */
        unsigned bit;
        if (letters_bit(s + p, e - p, &bit) &&
            !xc_lex_filter_has(tl_lex.slot[L_NUMBER_WORDS].filter, bit) &&
            !xc_lex_filter_has(tl_lex.slot[L_SCALES].filter, bit) &&
            !xc_ieq_ascii(s + p, e - p, "dozens"))
            return 0;
    }
    const char *type = xc_lex(rs, "number_words", s + p, e - p, "type");
    double v = 0;
    if (!type && e - p > 5 && xc_ieq_ascii(s + p, e - p, "dozens")) type = "dozen";
    if (type && !strcmp(type, "dozen") && p > *pos) {
        v = 12;
    } else if (type && !strcmp(type, "scale") && p > *pos) {
        v = lex_num(rs, "number_words", s + p, e - p, "value", 0);
    } else if (type && !strcmp(type, "hundred") && p > *pos) {
        v = 100;
    } else {
        v = lex_num(rs, "scales", s + p, e - p, "value", 0);
        if (v && p > *pos && e - p < 2) v = 0; /* "5 k" is not 5000; "7 bn" is 7e9 */
    }
    if (v > 0) *pos = e;
    return v;
}

static bool parse_digits(const xc_rules *rs, const char *s, size_t len, size_t pos, xc_num *n)
{
    size_t i = pos;
    /* the exponent of a power ("10^999", "2^-5") is no number of its own */
    for (size_t b = pos; b > 0 && b + 4 > pos; b--)
        if (s[b - 1] == '^')
            return false;
        else if (s[b - 1] != '-' && s[b - 1] != '+')
            break;
    /* the first fifteen digits in an integer: every value below 10^15 is
     * exact in a double, so the sum is the one the double steps give */
    uint64_t lead = 0;
    while (i < len && is_digit(s[i]) && i - pos < 15) lead = lead * 10 + (uint64_t)(s[i++] - '0');
    double ip = (double)lead;
    while (i < len && is_digit(s[i])) ip = ip * 10 + (s[i++] - '0');
    size_t digits = i - pos;
    if (!digits) return false;
    /* thousands separated by single spaces: "1 234 567", "40 000" */
    if (digits <= 3) {
        size_t k = i;
        double v = ip;
        size_t groups = 0;
        while (k + 3 < len && s[k] == ' ' && is_digit(s[k + 1]) && is_digit(s[k + 2]) &&
               is_digit(s[k + 3]) && !(k + 4 < len && (is_digit(s[k + 4]) || s[k + 4] == '/')) &&
               !word_char_at(s, len, k + 4)) {
            v = v * 1000 + (s[k + 1] - '0') * 100 + (s[k + 2] - '0') * 10 + (s[k + 3] - '0');
            k += 4;
            groups++;
        }
        if (groups) {
            ip = v, i = k, digits += 3 * groups;
            n->separators = true;
        }
    }
    /* thousands separators: groups of exactly three digits */
    if (digits <= 3) {
        while (i + 3 < len && s[i] == ',' && is_digit(s[i + 1]) && is_digit(s[i + 2]) &&
               is_digit(s[i + 3]) && !(i + 4 < len && is_digit(s[i + 4]))) {
            ip = ip * 1000 + (s[i + 1] - '0') * 100 + (s[i + 2] - '0') * 10 + (s[i + 3] - '0');
            i += 4;
            digits += 3;
            n->separators = true;
        }
    }
    double fp = 0, scale = 1;
    int dec = 0;
    if (i + 1 < len && s[i] == '.' && is_digit(s[i + 1])) {
        i++;
        while (i < len && is_digit(s[i])) {
            if (dec < 15) fp = fp * 10 + (s[i] - '0'), scale *= 10, dec++;
            i++;
        }
    }
    n->value = ip + fp / scale;
    n->decimals = dec;
    n->digits = digits;
    n->half_step = 0.5 / scale;
    n->end = i;
    /* powers: "1.1^23", "2.5^-1", "1.1^--23" (each sign flips the exponent's) */
    if (i + 1 < len && s[i] == '^') {
        size_t k = i + 1;
        bool eneg = false;
        while (k < len && (s[k] == '+' || s[k] == '-') && k - i < 4) eneg ^= s[k++] == '-';
        size_t k0 = k;
        int ex = 0;
        while (k < len && is_digit(s[k]) && k - k0 < 3) ex = ex * 10 + (s[k++] - '0');
        double v = k > k0 ? pow(n->value, eneg ? -ex : ex) : 0;
        /* a power past any measure ("10^999", "0^-5", "2^-999") is no number */
        if (k > k0 && (!isfinite(v) || fabs(v) > 1e18 || (v != 0 && fabs(v) < 1e-18))) return false;
        if (k > k0 && !word_char_at(s, len, k) && !(k < len && s[k] == '.')) {
            n->value = v;
            n->half_step = 0;
            n->decimals = 0;
            n->end = k;
            return true;
        }
    }
    /* the suffixes below ("MM", "e6", "th", "m") all begin with a letter
     * glued to the digits: most numbers are followed by a space or a mark,
     * and none of them is tested then */
    bool glued = i < len && ascii_alpha((unsigned char)s[i]);
    /* a glued "MM" is millions in finance ("1MM"); a lone capital "M" only
     * after a currency symbol ("$10M", figures.c): "3M", "GT 650M" and
     * "9400M" are names and models */
    if (glued && i + 1 < len && s[i] == 'M' && s[i + 1] == 'M' && !n->separators &&
        !word_char_at(s, len, i + 2)) {
        n->value *= 1e6;
        n->half_step *= 1e6;
        n->scale = 1e6;
        n->scaled = true;
        n->end = i + 2;
        return true;
    }
    /* scientific notation: "1.3e6", "12.32e+14", "-12e-1" */
    if (glued && i + 1 < len && (s[i] == 'e' || s[i] == 'E') && !n->separators && digits <= 3) {
        size_t k = i + 1;
        bool eneg = false;
        if (k < len && (s[k] == '+' || s[k] == '-')) eneg = s[k++] == '-';
        size_t k0 = k;
        int ex = 0;
        while (k < len && is_digit(s[k]) && k - k0 < 3) ex = ex * 10 + (s[k++] - '0');
        if (k > k0 && !word_char_at(s, len, k) &&
            !(k < len && s[k] == '.' && k + 1 < len && is_digit(s[k + 1]))) {
            double f = pow(10, eneg ? -ex : ex);
            n->value *= f;
            n->half_step *= f;
            n->end = k;
            return true;
        }
    }
    /* ordinal suffix */
    if (glued && !dec && i + 2 <= len) {
        const char *suf = s + i;
        if ((xc_ieq_ascii(suf, 2, "st") || xc_ieq_ascii(suf, 2, "nd") ||
             xc_ieq_ascii(suf, 2, "rd") || xc_ieq_ascii(suf, 2, "th")) &&
            !word_char_at(s, len, i + 2)) {
            n->ordinal = true;
            n->end = i + 2;
            return true;
        }
    }
    /* fractions: "3/4", "2 1/4" (not dates: "4/13/2014") */
    if (!dec && !n->separators) {
        double whole = 0, num = ip, dn = 0;
        size_t k = i, q = xc_skip_spaces(s, len, i);
        if (q > i && q < len && is_digit(s[q])) {
            size_t r = q, nd = 0;
            double nn = 0;
            while (r < len && is_digit(s[r]) && nd < 6) nn = nn * 10 + (s[r++] - '0'), nd++;
            if (r + 1 < len && s[r] == '/' && is_digit(s[r + 1])) whole = ip, num = nn, k = r;
        }
        if (k + 1 < len && s[k] == '/' && is_digit(s[k + 1])) {
            size_t r = k + 1, rd = 0;
            while (r < len && is_digit(s[r]) && rd < 6) dn = dn * 10 + (s[r++] - '0'), rd++;
            bool mixed = k != i;
            if (dn > 0 && !(r < len && (s[r] == '/' || is_digit(s[r]))) &&
                !word_char_at(s, len, r) && (!mixed || num < dn)) {
                n->value = whole + num / dn;
                n->num = num, n->den = dn;
                n->fraction = true;
                n->half_step = 0.5 / dn; /* "5/16 inch" is stated to a sixteenth */
                n->end = r;
                return true;
            }
        }
    }
    if (glued && (s[i] == 'm' || s[i] == 'M') && !word_char_at(s, len, i + 1)) n->m_suffix = true;
    size_t p = i;
    double sc = scale_word(rs, s, len, &p);
    if (sc > 0) {
        n->value *= sc;
        n->half_step *= sc;
        n->scale = sc;
        n->scaled = true;
        n->m_suffix = false;
        n->end = p;
    }
    return true;
}

typedef enum { W_NONE, W_UNIT, W_TEEN, W_TENS, W_HUNDRED, W_SCALE, W_DOZEN, W_ORD, W_FRAC } wtype;

/* The type of a number word; plural ordinals ("fifths") and "dozens" are
 * read through their singular and flagged with *plural. */
static wtype word_type_lookup(const xc_rules *rs, const char *s, size_t n, double *v, bool *plural)
{
    *plural = false;
    const char *t = xc_lex(rs, "number_words", s, n, "type");
    if (!t && n > 3 && (s[n - 1] == 's' || s[n - 1] == 'S')) {
        t = xc_lex(rs, "number_words", s, n - 1, "type");
        if (t && strcmp(t, "ordinal") && strcmp(t, "dozen")) t = NULL;
        /* "seconds" are time; halves are "halves" */
        if (t && n == 7 && xc_ieq_ascii(s, 6, "second")) t = NULL;
        if (t) {
            *plural = true;
            n--;
        }
    }
    if (!t) return W_NONE;
    *v = lex_num(rs, "number_words", s, n, "value", 0);
    if (!strcmp(t, "unit")) return W_UNIT;
    if (!strcmp(t, "teen")) return W_TEEN;
    if (!strcmp(t, "tens")) return W_TENS;
    if (!strcmp(t, "hundred")) return W_HUNDRED;
    if (!strcmp(t, "scale")) return W_SCALE;
    if (!strcmp(t, "dozen")) return W_DOZEN;
    if (!strcmp(t, "ordinal")) return *plural ? W_FRAC : W_ORD;
    if (!strcmp(t, "fraction")) return W_FRAC;
    return W_NONE;
}

/* word_type answers, per thread, for the last words asked about: a number
 * in words asks about the same few words again and again ("hundred",
 * "thousand"), and each answer costs two list lookups. Entries hold the
 * word's bytes and the serial of the rule set they came from. A word of
 * ASCII letters is kept in lower case and found whatever its case ("Two"
 * and "two" share their filter bit, hence their slot, and their answer: the
 * lookups and the tests of word_type_lookup ignore case); any other word
 * as written. */
#define WT_MEMO      256
#define WT_MEMO_WORD 23
static _Thread_local struct {
    uint64_t serial;
    bool used;
    struct wt_entry {
        char w[WT_MEMO_WORD];
        unsigned char n; /* 0: empty */
        unsigned char type;
        bool plural, has_v;
        bool letters; /* w is a word of ASCII letters, in lower case */
        double v;
    } e[WT_MEMO];
} wt_memo;

/* Whether the memo's entry e holds the word s[0..n) (letters: a word of
 * ASCII letters, compared in lower case). */
static bool wt_entry_is(const struct wt_entry *e, const char *s, size_t n, bool letters)
{
    if (e->n != n || e->letters != letters) return false;
    return letters ? xc_same_lower(s, e->w, n) : !memcmp(e->w, s, n);
}

/* word_type, with the filter bit of the word when the caller has it
 * (known: a word of ASCII letters, *known its xc_lex_filter_bit), else
 * NULL. */
static wtype word_type_bit(const xc_rules *rs, const char *s, size_t n, double *v, bool *plural,
                           const unsigned *known)
{
    if (!n || n > WT_MEMO_WORD) return word_type_lookup(rs, s, n, v, plural);
    uint64_t serial;
    uint32_t h;
    unsigned bit;
    bool letters = false;
    if (tl_lex.bound && rs == tl_lex.rs &&
        (known ? (bit = *known, true) : letters_bit(s, n, &bit))) {
        /* most words asked about are no number word: a word of ASCII letters
         * whose filter bit, and that of its singular ("fifths"), the bound
         * list rejects is none (both lookups of word_type_lookup fail) */
        const uint8_t *f = tl_lex.slot[L_NUMBER_WORDS].filter;
        unsigned sbit; /* the singular's: its letters are letters too */
        if (!xc_lex_filter_has(f, bit) &&
            !(n > 3 && (s[n - 1] | 0x20) == 's' && letters_bit(s, n - 1, &sbit) &&
              xc_lex_filter_has(f, sbit))) {
            *plural = false;
            return W_NONE;
        }
        /* the bound rule set's serial, and the filter bit as the memo's
         * hash (a word is known by its bytes whatever slot it lands in) */
        serial = tl_lex.serial;
        h = bit;
        letters = true;
    } else {
        serial = xc_rules_serial(rs);
        h = 2166136261u;
        for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
        h ^= h >> 16;
    }
    if (!wt_memo.used || wt_memo.serial != serial) {
        memset(&wt_memo, 0, sizeof wt_memo);
        wt_memo.serial = serial, wt_memo.used = true;
    }
    struct wt_entry *e = &wt_memo.e[h & (WT_MEMO - 1)];
    if (!wt_entry_is(e, s, n, letters)) {
        double ev = NAN; /* the lookup sets a value (never NaN) for a listed word */
        bool ep = false;
        e->type = (unsigned char)word_type_lookup(rs, s, n, &ev, &ep);
        e->has_v = !isnan(ev), e->v = ev, e->plural = ep;
        for (size_t i = 0; i < n; i++) e->w[i] = letters ? (char)(s[i] | 0x20) : s[i];
        e->n = (unsigned char)n, e->letters = letters;
    }
    *plural = e->plural;
    if (e->has_v) *v = e->v;
    return (wtype)e->type;
}

static wtype word_type(const xc_rules *rs, const char *s, size_t n, double *v, bool *plural)
{
    return word_type_bit(rs, s, n, v, plural, NULL);
}

/* Whether the word of ASCII letters s[i..e), ended by an ASCII byte other
 * than a letter or a digit, with filter bit `bit`, is certainly no number
 * word: word_type would rule it out with the bound list's filter (its bit,
 * and that of its singular). */
static inline bool no_number_word(const xc_rules *rs, const char *s, size_t i, size_t e,
                                  unsigned bit)
{
    size_t n = e - i;
    unsigned sbit;
    if (!tl_lex.bound || rs != tl_lex.rs || n == 0 || n > WT_MEMO_WORD) return false;
    const uint8_t *f = tl_lex.slot[L_NUMBER_WORDS].filter;
    return !xc_lex_filter_has(f, bit) &&
           !(n > 3 && (s[e - 1] | 0x20) == 's' && letters_bit(s + i, n - 1, &sbit) &&
             xc_lex_filter_has(f, sbit));
}

static bool is_article(const char *s, size_t n)
{
    return xc_ieq_ascii(s, n, "a") || xc_ieq_ascii(s, n, "an");
}

/* "a half", "a quarter", "a fifth", "a twenty-first" at i: the fraction's
 * denominator and end. An ordinal is a fraction only where no noun follows
 * it: "a fifth of voters", "a fifth." but "a third straight win", "a
 * twenty-first birthday" are ordinals. After "and" it is always a fraction
 * ("one and a third cups"). */
static bool article_fraction(const xc_rules *rs, const char *s, size_t len, size_t i,
                             bool after_and, double *den, size_t *end)
{
    if (i >= len || (s[i] | 0x20) != 'a') return false; /* no article: most words */
    size_t e = xc_word_end(s, len, i);
    if (!is_article(s + i, e - i)) return false;
    size_t nx = xc_skip_spaces(s, len, e);
    size_t ne = xc_word_end(s, len, nx);
    bool pl;
    double v = 0;
    wtype t = ne > nx && nx > e ? word_type(rs, s + nx, ne - nx, &v, &pl) : W_NONE;
    if (t == W_TENS && ne + 1 < len && s[ne] == '-') {
        /* "a twenty-first": tens and an ordinal unit */
        size_t ue = xc_word_end(s, len, ne + 1);
        double u = 0;
        if (ue > ne + 1 && word_type(rs, s + ne + 1, ue - ne - 1, &u, &pl) == W_ORD && u >= 1 &&
            u < 10)
            v += u, t = W_ORD, ne = ue;
        else
            return false;
    }
    /* "a second" is time, never a half */
    if ((t != W_FRAC && t != W_ORD) || v < (t == W_ORD ? 3 : 2) || (ne < len && s[ne] == '-'))
        return false;
    if (t == W_ORD && !after_and) {
        size_t q = xc_skip_spaces(s, len, ne), qe = xc_word_end(s, len, q);
        if (q > ne && qe > q && !xc_ieq_ascii(s + q, qe - q, "of")) return false;
    }
    *den = v;
    *end = ne;
    return true;
}

/* "and-a-half", "and-a-quarter", "and-a-third" at i, written with hyphens
 * after a number word ("one-and-a-half"): the fraction's denominator and
 * end. */
static bool hyphen_and_fraction(const xc_rules *rs, const char *s, size_t len, size_t i,
                                double *den, size_t *end)
{
    size_t ae = xc_word_end(s, len, i);
    if (!xc_ieq_ascii(s + i, ae - i, "and") || ae + 1 >= len || s[ae] != '-') return false;
    size_t a = ae + 1, e = xc_word_end(s, len, a);
    if (!is_article(s + a, e - a) || e + 1 >= len || s[e] != '-') return false;
    size_t f = e + 1, fe = xc_word_end(s, len, f);
    double v = 0;
    bool pl;
    wtype t = fe > f ? word_type(rs, s + f, fe - f, &v, &pl) : W_NONE;
    if (!((t == W_FRAC && v >= 2) || (t == W_ORD && v >= 3))) return false;
    *den = v;
    *end = fe;
    return true;
}

/* A scale word after a number that ends in a fraction ("two and a half
 * million"): the whole number is scaled, and it is a count, no longer a
 * fraction. */
static void scale_after_fraction(const xc_rules *rs, const char *s, size_t len, double last_scale,
                                 double *total, double *cur, size_t *end, xc_num *n)
{
    size_t q = xc_skip_spaces(s, len, *end), qe = xc_word_end(s, len, q);
    double v = 0;
    bool pl;
    if (q == *end || qe == q || word_type(rs, s + q, qe - q, &v, &pl) != W_SCALE || v < 1000 ||
        v >= last_scale || pl)
        return;
    *total = (*total + *cur) * v;
    *cur = 0;
    *end = qe;
    n->fraction = false;
}

/* How parse_words_at reads: a whole number; the fraction after "and" (which
 * is not searched again, so that "one and one and one ..." is not a recursion
 * as deep as the text); or the ordinal denominator after a numerator, where a
 * plural ordinal ends the number ("twenty-firsts") and sets *plural. */
enum { PW_TOP, PW_AND, PW_DENOM };

/* Decimals spelled after "point" at pos: "five" (.5), "zero three" (.03),
 * "seventy-one" (.71). Adds them to *v and returns their end, or pos. */
static size_t point_decimals(const xc_rules *rs, const char *s, size_t len, size_t pos, double *v,
                             int *dec)
{
    if (pos >= len || (s[pos] | 0x20) != 'p') return pos; /* no "point": most words */
    size_t pe = xc_word_end(s, len, pos);
    if (pe == pos || !xc_ieq_ascii(s + pos, pe - pos, "point")) return pos;
    size_t q = xc_skip_spaces(s, len, pe), end = pos;
    if (q == pe) return pos;
    double digits = 0, scale = 1;
    int nd = 0;
    bool pl;
    for (;;) {
        size_t e = xc_word_end(s, len, q);
        double w = 0;
        wtype t = e > q ? word_type(rs, s + q, e - q, &w, &pl) : W_NONE;
        if (t == W_UNIT && nd < 15) {
            digits = digits * 10 + w, scale *= 10, nd++, end = e;
        } else if ((t == W_TEEN || t == W_TENS) && nd == 0) {
            /* "point eleven", "point seventy-one" */
            digits = w, scale = 100, nd = 2, end = e;
            if (t == W_TENS && e + 1 < len && (s[e] == '-' || s[e] == ' ')) {
                size_t u = e + 1, ue = xc_word_end(s, len, u);
                double w2;
                if (ue > u && word_type(rs, s + u, ue - u, &w2, &pl) == W_UNIT && w2 > 0)
                    digits += w2, end = ue;
            }
            break;
        } else {
            break;
        }
        size_t nx = xc_skip_spaces(s, len, e);
        if (nx == e || nx >= len) break;
        q = nx;
    }
    if (!nd) return pos;
    *v += digits / scale;
    *dec = nd;
    return end;
}

/* False when no number in words starts at i: parse_words_at reads an
 * article ("a", "an": any word that begins with an "a" is let through) or a
 * number word first. Most words after a number are neither ("two people"),
 * and then the parse is not tried. */
static bool words_may_start(const xc_rules *rs, const char *s, size_t len, size_t i)
{
    if (i >= len) return false;
    if ((s[i] | 0x20) == 'a') return true;
    size_t e = xc_word_end(s, len, i);
    double v;
    bool pl;
    return e > i && word_type(rs, s + i, e - i, &v, &pl) != W_NONE;
}

/* The first word of a number in words as the caller read it (see
 * xc_num_parse_word): its ASCII letters end at end, their filter bit. */
typedef struct {
    size_t end;
    unsigned bit;
} first_word;

static bool parse_words_at(const xc_rules *rs, const char *s, size_t len, size_t pos, xc_num *n,
                           int mode, bool *plural, const first_word *fw)
{
    double total = 0, cur = 0, small = 0, last_scale = INFINITY, last_v = 0;
    bool after_and = false, last_and = false; /* the word (the last word) came after "and" */
    wtype last = W_NONE;
    size_t i = pos, end = pos;
    /* where a word that is no number word starts (the one that ended the
     * number, usually): words_may_start need not ask about it again */
    size_t none_at = SIZE_MAX;
    bool any = false, article = false, pl;
    double den;
    size_t fe;
    /* the article's first letter tested here: most numbers in words begin
     * with none, and then the call is not made */
    if (pos < len && (s[pos] | 0x20) == 'a' &&
        article_fraction(rs, s, len, pos, false, &den, &fe)) {
        /* "a half", "a fifth" */
        n->value = 1 / den;
        n->fraction = true;
        n->words = true;
        n->end = fe;
        return true;
    }
    for (;;) {
        /* the word's letters and their filter bit in one pass: a word of
         * ASCII letters that an ASCII byte other than a letter or a digit
         * ends is where xc_word_end would end it (most words here) */
        unsigned wbit;
        size_t e = fw && i == pos ? (wbit = fw->bit, fw->end) : xc_lex_filter_run(s, len, i, &wbit);
        bool letters = e > i && (e >= len ||
                                 ((unsigned char)s[e] < 0x80 && !ascii_alnum((unsigned char)s[e])));
        if (any && letters && no_number_word(rs, s, i, e, wbit)) {
            /* the word that ends the number ("two people"): word_type's
             * W_NONE, without the call */
            none_at = i;
            break;
        }
        if (!letters) e = xc_word_end(s, len, i);
        if (e == i || (e < len && is_digit(s[e]))) break;
        double v = 0;
        wtype t = word_type_bit(rs, s + i, e - i, &v, &pl, letters ? &wbit : NULL);
        if (t == W_NONE) none_at = i;
        if (!any && t == W_NONE && is_article(s + i, e - i)) {
            size_t nx = xc_skip_spaces(s, len, e);
            size_t ne = xc_word_end(s, len, nx);
            double v2;
            wtype t2 = ne > nx ? word_type(rs, s + nx, ne - nx, &v2, &pl) : W_NONE;
            if (nx == e || (t2 != W_HUNDRED && t2 != W_SCALE && t2 != W_DOZEN) || pl) break;
            article = true;
            i = nx;
            continue;
        }
        if (t == W_NONE) break;
        if (t == W_UNIT || t == W_TEEN) {
            if (last == W_UNIT || last == W_TEEN) break;
            if (last == W_TENS && t == W_TEEN) break;
            if (t == W_UNIT && v == 0 && any) break;
            cur += v;
            small += v;
        } else if (t == W_TENS) {
            if (last == W_UNIT || last == W_TEEN || last == W_TENS) break;
            cur += v;
            small += v;
        } else if (t == W_HUNDRED) {
            if (last == W_HUNDRED) break;
            cur = (cur ? cur : 1) * 100;
            small = 0;
        } else if (t == W_SCALE) {
            if (last == W_SCALE && cur == 0 && total > 0 && v > last_scale) {
                /* "three lakh crore", "a thousand million": the scales multiply */
                total *= v;
                last_scale = v;
                last = t;
                end = e;
                goto next;
            }
            if (v >= last_scale) break;
            if (!any && !article) break; /* a bare "million" is not a number */
            total += (cur ? cur : 1) * v;
            cur = 0;
            small = 0;
            last_scale = v;
        } else if (t == W_DOZEN) {
            if (!any && !article) break; /* "dozens" alone is vague: the figures extractor */
            /* "three hundred and two dozen": the dozen counts only the two */
            if (small > 0 && small < cur)
                cur += small * 11;
            else
                cur = (cur ? cur : 1) * 12;
        } else if (t == W_ORD) {
            if (last == W_UNIT && cur == 1 && total == 0 && v >= 3) {
                /* "one eighth" (not "one second") */
                cur = 1 / v;
                n->fraction = true;
                end = e;
                break;
            }
            if (v >= 100 && (last == W_UNIT || last == W_TEEN || last == W_TENS)) {
                /* "two hundredth", "three trillionth": the ordinal's scale multiplies */
                total += cur * v;
                cur = 0;
                n->ordinal = true;
                end = e;
                break;
            }
            if (last == W_UNIT || last == W_TEEN || last == W_ORD) break;
            if (any && last != W_TENS && last != W_HUNDRED && last != W_SCALE) break;
            if (any && v >= 100 && last != W_UNIT)
                cur = (cur ? cur : 1) * v; /* "two hundredth" */
            else
                cur += v;
            n->ordinal = true;
            any = true;
            end = e;
            break;
        } else if (t == W_FRAC && mode == PW_DENOM) {
            /* the denominator ends: "twenty-firsts", "hundredths" */
            /* "fifths" is listed as a fraction; "quarters" and "halves" stay fractions */
            bool ords = pl || (v >= 5 && (s[e - 1] == 's' || s[e - 1] == 'S'));
            if (!ords || last == W_UNIT || last == W_TEEN || last == W_ORD) break;
            if (any && v >= 100)
                cur = (cur ? cur : 1) * v;
            else
                cur += v;
            *plural = true;
            n->ordinal = true;
            any = true;
            end = e;
            break;
        } else if (t == W_FRAC) {
            /* "half", "two-thirds", "three quarters", "five eighths" */
            bool half = xc_ieq_ascii(s + i, e - i, "half");
            if (half && !any) {
                /* "half a dozen" */
                size_t nx = xc_skip_spaces(s, len, e), ne = xc_word_end(s, len, nx);
                size_t dx = xc_skip_spaces(s, len, ne), de = xc_word_end(s, len, dx);
                if (nx > e && is_article(s + nx, ne - nx) && dx > ne &&
                    xc_ieq_ascii(s + dx, de - dx, "dozen")) {
                    cur = 6;
                    any = true;
                    end = de;
                    break;
                }
            }
            if (half && any) break;
            if (!half && any && last == W_HUNDRED) break;
            if (!half && !any &&
                !(xc_ieq_ascii(s + i, e - i, "quarter") || xc_ieq_ascii(s + i, e - i, "quarters")))
                break;
            if (!half && !any) break;
            double num = any ? total + cur : 1;
            bool ords = pl || (v >= 5 && (s[e - 1] == 's' || s[e - 1] == 'S'));
            if (last == W_TENS && ords && v < 10 && num - last_v > 0 && !last_and) {
                /* "one hundred thirty-fifths" is 100/35: the tens and the
                 * plural ordinal after them are one denominator ("one
                 * hundred and thirty fifths" is 130/5) */
                num -= last_v;
                v += last_v;
            }
            total = 0;
            cur = num / v;
            n->fraction = true;
            any = true;
            end = e;
            break;
        }
        any = true;
        last = t;
        last_v = v;
        last_and = after_and;
        end = e;
    next:;
        after_and = false;
        /* continue over "-", " ", " and " */
        size_t nx = e;
        if (nx < len && s[nx] == '-') {
            if (hyphen_and_fraction(rs, s, len, nx + 1, &den, &fe)) {
                /* "one-and-a-half" */
                cur += 1 / den;
                n->fraction = true;
                end = fe;
                scale_after_fraction(rs, s, len, last_scale, &total, &cur, &end, n);
                break;
            }
            nx++;
        } else if (last == W_TENS && nx + 3 < len && s[nx] == ' ' && s[nx + 1] == '-' &&
                   s[nx + 2] == ' ') {
            /* "fifty - two": a unit after a spaced dash */
            size_t u = nx + 3, ue = xc_word_end(s, len, u);
            double w2;
            bool pl2;
            if (ue == u || word_type(rs, s + u, ue - u, &w2, &pl2) != W_UNIT || w2 == 0) break;
            nx = u;
        } else {
            nx = xc_skip_spaces(s, len, nx);
            if (nx == e) break;
            /* "and" (the next word's end is read only after an "a") */
            size_t ae = nx < len && (s[nx] | 0x20) == 'a' ? xc_word_end(s, len, nx) : nx;
            if (xc_ieq_ascii(s + nx, ae - nx, "and")) {
                size_t after = xc_skip_spaces(s, len, ae);
                if (after == ae) break;
                if (article_fraction(rs, s, len, after, true, &den, &fe)) {
                    /* "one and a half" */
                    cur += 1 / den;
                    n->fraction = true;
                    end = fe;
                    scale_after_fraction(rs, s, len, last_scale, &total, &cur, &end, n);
                    break;
                }
                xc_num fr;
                memset(&fr, 0, sizeof fr);
                if (mode == PW_TOP && parse_words_at(rs, s, len, after, &fr, PW_AND, NULL, NULL) &&
                    fr.fraction && fr.value < 1 && fr.value > 0) {
                    /* "one hundred and three quarters", "twenty and three fifths" */
                    cur += fr.value;
                    n->fraction = true;
                    end = fr.end;
                    break;
                }
                if (last != W_HUNDRED && last != W_SCALE) break;
                nx = after;
                after_and = true;
            }
        }
        if (nx >= len || !word_char_at(s, len, nx)) break;
        i = nx;
    }
    if (!any) return false;
    n->value = total + cur;
    n->words = true;
    n->end = end;
    n->half_step = 0;
    if (mode != PW_TOP || n->ordinal || n->fraction) return true;
    /* "two hundred point zero three" */
    size_t px = xc_skip_spaces(s, len, end);
    if (px > end) {
        double v = n->value;
        int dec = 0;
        size_t de = point_decimals(rs, s, len, px, &v, &dec);
        if (de > px) {
            n->value = v, n->end = de, n->decimals = dec;
            return true;
        }
    }
    /* a denominator: "one twenty-fifth", "three twenty-firsts", "a hundred
     * trillionths", "one one hundredth" */
    size_t dx = px < len && s[px] == '-' ? xc_skip_spaces(s, len, px + 1) : px;
    if (dx > end && dx < len && n->value >= 1 && n->value == floor(n->value)) {
        xc_num d;
        bool dpl = false;
        /* the word at none_at is no number word, and starts none unless
         * it is an article (words_may_start) */
        bool may = dx == none_at ? (s[dx] | 0x20) == 'a' : words_may_start(rs, s, len, dx);
        if (may) memset(&d, 0, sizeof d);
        if (may && parse_words_at(rs, s, len, dx, &d, PW_DENOM, &dpl, NULL) && d.ordinal &&
            d.value >= 3 && (dpl || n->value == 1) && !(d.end < len && s[d.end] == '-') &&
            (dx == px || d.end == xc_word_end(s, len, dx))) {
            /* after a spaced dash only one word: "five - eighths" */
            n->value /= d.value;
            n->fraction = true;
            n->end = d.end;
        }
    }
    return true;
}

static bool parse_words(const xc_rules *rs, const char *s, size_t len, size_t pos, xc_num *n,
                        const first_word *fw)
{
    return parse_words_at(rs, s, len, pos, n, PW_TOP, NULL, fw);
}

/* The start of both parses: *out cleared for a number at pos, and whether
 * one can start there (a word boundary before it). */
static inline bool parse_start(const char *s, size_t len, size_t pos, xc_num *out)
{
    memset(out, 0, sizeof *out);
    out->start = pos;
    out->scale = 1;
    /* the byte before: ASCII almost always (xc_word_boundary_before's own
     * first test, inline) */
    if (pos >= len) return false;
    return (pos > 0 && (unsigned char)s[pos - 1] < 0x80) ? !ascii_alnum((unsigned char)s[pos - 1])
                                                         : xc_word_boundary_before(s, pos);
}

bool xc_num_parse(const xc_rules *rs, const char *s, size_t len, size_t pos, xc_num *out)
{
    if (!parse_start(s, len, pos, out)) return false;
    if (s[pos] == '-' && pos + 1 < len && (is_digit(s[pos + 1]) || s[pos + 1] == '.')) {
        if (!xc_num_parse(rs, s, len, pos + 1, out) || out->words) return false;
        out->start = pos;
        out->value = -out->value;
        out->negative = true;
        return true;
    }
    if (s[pos] == '.' && pos + 1 < len && is_digit(s[pos + 1])) {
        size_t i = pos + 1;
        double fp = 0, scale = 1;
        int dec = 0;
        while (i < len && is_digit(s[i])) {
            if (dec < 15) fp = fp * 10 + (s[i] - '0'), scale *= 10, dec++;
            i++;
        }
        if (word_char_at(s, len, i) || (i < len && s[i] == '.')) return false;
        out->value = fp / scale;
        out->decimals = dec;
        out->half_step = 0.5 / scale;
        out->end = i;
        return true;
    }
    if (is_digit(s[pos])) return parse_digits(rs, s, len, pos, out);
    if (!parse_words(rs, s, len, pos, out, NULL)) return false;
    /* "two million", "three hundred": the words path handles scale words */
    return true;
}

/* xc_num_parse's path for a letter at pos, the first word read already. */
bool xc_num_parse_word(const xc_rules *rs, const char *s, size_t len, size_t pos, size_t end,
                       unsigned bit, xc_num *out)
{
    if (!parse_start(s, len, pos, out)) return false;
    return parse_words(rs, s, len, pos, out, &(first_word){end, bit});
}

/* ------------------------------------------------------------ calendar */

/* Howard Hinnant's days_from_civil. */
long xc_days_from_civil(int y, int m, int d)
{
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void xc_civil_from_days(long z, int *y, int *m, int *d)
{
    z += 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long yy = yoe + era * 400;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yy + (*m <= 2));
}

// Stored-XSS payloads for the sanitiser tests and the browser test (docs/security.md). Written for
// this project after the vector families of DOMPurify's test fixtures and OWASP's XSS Filter
// Evasion Cheat Sheet: event handlers, script/style/iframe/object/embed,
// javascript:/data:/vbscript: URLs with encodings and whitespace tricks, SVG and MathML namespace
// confusion (mXSS), comments and CDATA, broken and nested markup, attribute breakouts,
// template/noscript parsing differentials, meta refresh, base and form hijacking, and CSS
// expressions.
//
// Every payload calls xss(N) when it runs; the browser test defines window.xss (and alert,
// confirm, prompt) to count what ran.

const RAW = [
  // Plain scripts and their spellings.
  '<script>xss(1)</script>',
  '<SCRIPT SRC=data:text/javascript,xss(2)></SCRIPT>',
  '<script/xss src="data:,xss(3)"></script>',
  '<<script>xss(4);//<</script>',
  '<script>xss(5)<!--',
  '<scr<script>ipt>xss(6)</scr</script>ipt>',
  '"><script>xss(7)</script>',
  "'';!--\"<XSS>=&{()}<script>xss(8)</script>",
  // Event handlers.
  '<img src=x onerror=xss(10)>',
  '<IMG SRC=/ onerror="xss(11)"></img>',
  '<img src="x" onerror  =  "xss(12)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<body onload=xss(14)>',
  '<svg onload=xss(15)>',
  '<svg/onload=xss(16)>',
  '<div onmouseover="xss(17)" style="width:100%;height:100%;position:fixed;left:0;top:0">x</div>',
  '<details open ontoggle=xss(18)>',
  '<input autofocus onfocus=xss(19)>',
  '<video><source onerror="xss(20)"></video>',
  '<audio src=x onerror=xss(21)>',
  '<marquee onstart=xss(22)>x</marquee>',
  '<p onclick=xss(23)>click</p>',
  '<a href="#" onclick="xss(24)">link</a>',
  '<strong onmouseenter=xss(25)>bold</strong>',
  '<span style="display:block" onanimationstart=xss(26)>x</span>',
  '<img """><script>xss(27)</script>">',
  '<img src=`x`onerror=xss(28)>',
  '<img src="x` `<script>xss(29)</script>"` `>',
  '<IMG SRC="jav&#x09;ascript:xss(30);">',
  // URLs.
  '<a href="javascript:xss(40)">x</a>',
  '<a href="JaVaScRiPt:xss(41)">x</a>',
  '<a href=" javascript:xss(42)">x</a>',
  '<a href="jav\tascript:xss(43)">x</a>',
  '<a href="jav&#x0A;ascript:xss(44)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;xss(45)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058xss(46)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;xss(47)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD54c3MoNDgpPC9zY3JpcHQ+">x</a>',
  '<a href="vbscript:xss(49)">x</a>',
  '<a href="javascript&colon;xss(50)">x</a>',
  '<a href="java&NewLine;script:xss(51)">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a xlink:href="javascript:xss(53)">x</a>',
  '<form action="javascript:xss(54)"><button>go</button></form>',
  '<button formaction="javascript:xss(55)">go</button>',
  '<iframe src="javascript:xss(56)"></iframe>',
  '<iframe srcdoc="<script>parent.xss(57)</script>"></iframe>',
  '<object data="javascript:xss(58)"></object>',
  '<embed src="data:text/html,<script>xss(59)</script>">',
  '<meta http-equiv="refresh" content="0;url=javascript:xss(60)">',
  '<base href="javascript:xss(61)//">',
  '<link rel="stylesheet" href="javascript:xss(62)">',
  // SVG and MathML.
  '<svg><script>xss(70)</script></svg>',
  '<svg><a xlink:href="javascript:xss(71)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate onbegin=xss(72) attributeName=x dur=1s>',
  '<svg><set attributeName="onload" to="xss(73)"/></svg>',
  '<svg><foreignObject><img src=x onerror=xss(74)></foreignObject></svg>',
  '<svg><style><img src=x onerror=xss(75)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=xss(76)>',
  '<math><mi xlink:href="javascript:xss(77)">x</mi></math>',
  '<svg></p><style><a id="</style><img src=1 onerror=xss(78)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=xss(79)>',
  // Parsing differentials, comments and CDATA.
  '<noscript><p title="</noscript><img src=x onerror=xss(80)>">',
  '<template><script>xss(81)</script></template>',
  '<textarea></textarea><img src=x onerror=xss(82)>',
  '<title><img src=x onerror=xss(83)></title>',
  '<!--<img src="--><img src=x onerror=xss(84)//">',
  '<![CDATA[<img src=x onerror=xss(85)>]]>',
  '<p>&lt;img src=x onerror=xss(86)&gt;</p>',
  '<a href="x" title="&quot; onmouseover=&quot;xss(87)">x</a>',
  '<p title="a" onmouseover="xss(88)" title="b">x</p>',
  '<div><img src=x onerror=xss(89)</div>',
  '<xmp><img src=x onerror=xss(90)></xmp>',
  '<style><img src=x onerror=xss(91)></style>',
  '<p><style>*{background:url("javascript:xss(92)")}</style></p>',
  '<div style="background-image:url(javascript:xss(93))">x</div>',
  '<div style="width:expression(xss(94))">x</div>',
  '<isindex type=image src=1 onerror=xss(95)>',
  '<keygen autofocus onfocus=xss(96)>',
  '<select autofocus onfocus=xss(97)>',
  '<object type="text/x-scriptlet" data="data:,xss(98)"></object>',
  '<img src=x onerror=&#x78;&#x73;&#x73;(99)>',
];

/** The payloads, each a stored description that must render without running anything. */
export const XSS_PAYLOADS: readonly string[] = RAW;

/** Attribute names and URL schemes that must never survive sanitising. */
export const FORBIDDEN_ATTRIBUTE = /^on|^style$|^srcdoc$|^formaction$|^xlink:href$/i;
export const FORBIDDEN_URL = /^\s*(javascript|vbscript|data):/i;

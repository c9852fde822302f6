import type { Locale } from '@shop/contract';
import type { ShapeName } from './images.ts';
import type { OptionChoice, Translated } from './option-data.ts';

/**
 * The demo catalog as a merchandiser would write it: categories, then goods with their texts in every locale,
 * base price in cents and the option values they come in. Stock, sales, discounts and dates are drawn from a
 * seeded random generator in demo-catalog.ts so this file stays about the products.
 */

interface CategoryDefinition {
  readonly key: string;
  readonly name: Translated;
  /** The drawing on the category icon and on its goods' pictures. */
  readonly shape: ShapeName;
  /** Body colours for pictures of goods that have no colour option; without them a colour comes from the name. */
  readonly tints?: readonly string[];
}

interface TopCategoryDefinition extends CategoryDefinition {
  readonly children: readonly CategoryDefinition[];
}

export const CATEGORY_TREE = [
  {
    key: 'electronics',
    name: { 'en-US': 'Electronics', 'pt-BR': 'Eletrônicos', 'zh-CN': '数码电子', 'zh-TW': '數位電子' },
    shape: 'headphones',
    children: [
      {
        key: 'audio',
        name: {
          'en-US': 'Headphones & Speakers',
          'pt-BR': 'Fones e Caixas de Som',
          'zh-CN': '耳机音箱',
          'zh-TW': '耳機與喇叭',
        },
        shape: 'headphones',
      },
      {
        key: 'phone-accessories',
        name: {
          'en-US': 'Phone Accessories',
          'pt-BR': 'Acessórios para Celular',
          'zh-CN': '手机配件',
          'zh-TW': '手機配件',
        },
        shape: 'phone',
      },
      {
        key: 'smart-home',
        name: {
          'en-US': 'Smart Home',
          'pt-BR': 'Casa Inteligente',
          'zh-CN': '智能家居',
          'zh-TW': '智慧居家',
        },
        shape: 'bulb',
        tints: ['#f5c542', '#ffd166', '#f3f2ee'],
      },
    ],
  },
  {
    key: 'computers-office',
    name: {
      'en-US': 'Computers & Office',
      'pt-BR': 'Informática e Escritório',
      'zh-CN': '电脑办公',
      'zh-TW': '電腦辦公',
    },
    shape: 'keyboard',
    children: [
      {
        key: 'keyboards-mice',
        name: {
          'en-US': 'Keyboards & Mice',
          'pt-BR': 'Teclados e Mouses',
          'zh-CN': '键盘鼠标',
          'zh-TW': '鍵盤滑鼠',
        },
        shape: 'keyboard',
      },
      {
        key: 'desk-setup',
        name: {
          'en-US': 'Desk Setup',
          'pt-BR': 'Organização da Mesa',
          'zh-CN': '桌面好物',
          'zh-TW': '桌面好物',
        },
        shape: 'lamp',
      },
    ],
  },
  {
    key: 'home-kitchen',
    name: { 'en-US': 'Home & Kitchen', 'pt-BR': 'Casa e Cozinha', 'zh-CN': '家居厨房', 'zh-TW': '居家廚房' },
    shape: 'mug',
    children: [
      {
        key: 'cookware',
        name: { 'en-US': 'Cookware', 'pt-BR': 'Panelas', 'zh-CN': '锅具', 'zh-TW': '鍋具' },
        shape: 'pan',
        tints: ['#3a3d42', '#8a5a3c', '#b0b5ba'],
      },
      {
        key: 'drinkware',
        name: {
          'en-US': 'Mugs & Bottles',
          'pt-BR': 'Canecas e Garrafas',
          'zh-CN': '水杯水壶',
          'zh-TW': '水杯水壺',
        },
        shape: 'mug',
      },
      {
        key: 'home-decor',
        name: { 'en-US': 'Home Decor', 'pt-BR': 'Decoração', 'zh-CN': '家居装饰', 'zh-TW': '居家裝飾' },
        shape: 'vase',
        tints: ['#e9d8b4', '#c8a27a', '#f3f2ee'],
      },
    ],
  },
  {
    key: 'fashion',
    name: { 'en-US': 'Fashion', 'pt-BR': 'Moda', 'zh-CN': '服饰鞋包', 'zh-TW': '服飾鞋包' },
    shape: 'shirt',
    children: [
      {
        key: 'tops',
        name: {
          'en-US': 'Tops & Tees',
          'pt-BR': 'Camisetas e Camisas',
          'zh-CN': '上衣 T 恤',
          'zh-TW': '上衣 T 恤',
        },
        shape: 'shirt',
      },
      {
        key: 'shoes',
        name: { 'en-US': 'Shoes', 'pt-BR': 'Calçados', 'zh-CN': '鞋靴', 'zh-TW': '鞋款' },
        shape: 'shoe',
      },
      {
        key: 'bags',
        name: { 'en-US': 'Bags & Backpacks', 'pt-BR': 'Bolsas e Mochilas', 'zh-CN': '箱包', 'zh-TW': '包款' },
        shape: 'backpack',
      },
    ],
  },
  {
    key: 'beauty',
    name: {
      'en-US': 'Beauty & Care',
      'pt-BR': 'Beleza e Cuidados',
      'zh-CN': '美妆个护',
      'zh-TW': '美妝保養',
    },
    shape: 'dropper',
    children: [
      {
        key: 'skincare',
        name: { 'en-US': 'Skincare', 'pt-BR': 'Cuidados com a Pele', 'zh-CN': '护肤', 'zh-TW': '肌膚保養' },
        shape: 'dropper',
        tints: ['#f2c6b4', '#e8b4c8', '#cfe3d4', '#f5e1a4'],
      },
      {
        key: 'hair-body',
        name: { 'en-US': 'Hair & Body', 'pt-BR': 'Cabelo e Corpo', 'zh-CN': '洗发沐浴', 'zh-TW': '洗髮沐浴' },
        shape: 'pump',
        tints: ['#b8d8e8', '#f2c6b4', '#d9cdea'],
      },
    ],
  },
  {
    key: 'sports-outdoors',
    name: {
      'en-US': 'Sports & Outdoors',
      'pt-BR': 'Esporte e Lazer',
      'zh-CN': '运动户外',
      'zh-TW': '運動戶外',
    },
    shape: 'tent',
    children: [
      {
        key: 'fitness',
        name: { 'en-US': 'Fitness', 'pt-BR': 'Fitness', 'zh-CN': '健身训练', 'zh-TW': '健身訓練' },
        shape: 'dumbbell',
        tints: ['#3a3d42', '#e85d75', '#2f9e8f'],
      },
      {
        key: 'camping',
        name: { 'en-US': 'Camping', 'pt-BR': 'Camping', 'zh-CN': '露营', 'zh-TW': '露營' },
        shape: 'tent',
        tints: ['#ef7d2d', '#2e7d4f', '#f2c230'],
      },
    ],
  },
  {
    key: 'stationery',
    name: { 'en-US': 'Stationery', 'pt-BR': 'Papelaria', 'zh-CN': '文具', 'zh-TW': '文具' },
    shape: 'notebook',
    children: [
      {
        key: 'notebooks',
        name: {
          'en-US': 'Notebooks & Planners',
          'pt-BR': 'Cadernos e Planners',
          'zh-CN': '本子手账',
          'zh-TW': '筆記手帳',
        },
        shape: 'notebook',
        tints: ['#223c68', '#26292e', '#9b2c2c', '#2e7d4f'],
      },
      {
        key: 'pens',
        name: {
          'en-US': 'Pens & Markers',
          'pt-BR': 'Canetas e Marcadores',
          'zh-CN': '书写工具',
          'zh-TW': '書寫工具',
        },
        shape: 'pen',
        tints: ['#2f6fd6', '#26292e', '#e891aa'],
      },
    ],
  },
  {
    key: 'toys-games',
    name: {
      'en-US': 'Toys & Games',
      'pt-BR': 'Brinquedos e Jogos',
      'zh-CN': '玩具游戏',
      'zh-TW': '玩具遊戲',
    },
    shape: 'blocks',
    children: [
      {
        key: 'building-sets',
        name: {
          'en-US': 'Building Sets',
          'pt-BR': 'Blocos de Montar',
          'zh-CN': '积木拼搭',
          'zh-TW': '積木組合',
        },
        shape: 'blocks',
        tints: ['#e63946', '#f2c230', '#2f6fd6'],
      },
      {
        key: 'puzzles-games',
        name: {
          'en-US': 'Puzzles & Board Games',
          'pt-BR': 'Quebra-Cabeças e Jogos de Tabuleiro',
          'zh-CN': '拼图桌游',
          'zh-TW': '拼圖桌遊',
        },
        shape: 'dice',
        tints: ['#e63946', '#26292e', '#f3f2ee'],
      },
    ],
  },
  {
    key: 'grocery',
    name: {
      'en-US': 'Food & Drink',
      'pt-BR': 'Alimentos e Bebidas',
      'zh-CN': '食品饮料',
      'zh-TW': '食品飲料',
    },
    shape: 'coffee',
    children: [
      {
        key: 'coffee-tea',
        name: { 'en-US': 'Coffee & Tea', 'pt-BR': 'Café e Chá', 'zh-CN': '咖啡茶饮', 'zh-TW': '咖啡茶飲' },
        shape: 'coffee',
        tints: ['#c8a27a', '#8a5a3c', '#5f7f4f'],
      },
      {
        key: 'snacks',
        name: { 'en-US': 'Snacks', 'pt-BR': 'Petiscos', 'zh-CN': '休闲零食', 'zh-TW': '零食點心' },
        shape: 'cookie',
        tints: ['#c8894b', '#a86b3c', '#d9a35f'],
      },
    ],
  },
] as const satisfies readonly TopCategoryDefinition[];

export type ChildCategoryKey = (typeof CATEGORY_TREE)[number]['children'][number]['key'];

export interface GoodsDefinition {
  /** Stable name: the goods' id, pictures and random draws derive from it. */
  readonly key: string;
  readonly category: ChildCategoryKey;
  /** List price of the cheapest SKU, in cents. */
  readonly price: number;
  readonly options: OptionChoice;
  readonly text: Record<Locale, readonly [name: string, description: string]>;
  /** Every SKU is out of stock. */
  readonly soldOut?: true;
  /** Kept in the back office but hidden from shoppers. */
  readonly offShelf?: true;
}

/** The goods a test can search for by a word of its name. */
export const SEARCH_EXAMPLE = {
  goodsKey: 'anc-headphones',
  keyword: { 'en-US': 'headphones', 'zh-CN': '耳机' },
} as const;

export const GOODS: readonly GoodsDefinition[] = [
  // Electronics · headphones and speakers
  {
    key: 'anc-headphones',
    category: 'audio',
    price: 12999,
    options: { color: ['black', 'silver', 'navy'] },
    text: {
      'en-US': [
        'Noise-Cancelling Wireless Headphones',
        'Over-ear headphones with adaptive noise cancelling that quiets trains, planes and open offices. Up to 40 hours of battery life, and a 10-minute charge gives you 5 more hours of music.',
      ],
      'pt-BR': [
        'Fone de Ouvido Sem Fio com Cancelamento de Ruído',
        'Fone over-ear com cancelamento de ruído adaptativo que silencia trens, aviões e escritórios abertos. Até 40 horas de bateria, e 10 minutos de carga garantem mais 5 horas de música.',
      ],
      'zh-CN': [
        '主动降噪无线头戴式耳机',
        '头戴式耳机搭载自适应主动降噪，地铁、飞机和开放式办公室都能瞬间安静。续航长达 40 小时，充电 10 分钟即可再听 5 小时。',
      ],
      'zh-TW': [
        '主動降噪無線耳罩式耳機',
        '耳罩式耳機搭載自適應主動降噪，捷運、飛機與開放式辦公室都能瞬間安靜。續航長達 40 小時，充電 10 分鐘即可再聽 5 小時。',
      ],
    },
  },
  {
    key: 'wireless-earbuds',
    category: 'audio',
    price: 5999,
    options: { color: ['white', 'black'] },
    text: {
      'en-US': [
        'True Wireless Earbuds',
        'Compact earbuds with a snug fit, clear calls from four microphones and a pocket-sized charging case. Sweat-resistant (IPX4) for workouts and commutes.',
      ],
      'pt-BR': [
        'Fones de Ouvido True Wireless',
        'Fones compactos com encaixe firme, chamadas nítidas com quatro microfones e estojo de carregamento que cabe no bolso. Resistentes ao suor (IPX4) para treinos e deslocamentos.',
      ],
      'zh-CN': [
        '真无线蓝牙耳机',
        '小巧入耳设计，佩戴稳固；四麦克风通话清晰，充电盒可轻松放进口袋。IPX4 防汗防水，运动通勤都适用。',
      ],
      'zh-TW': [
        '真無線藍牙耳機',
        '小巧入耳設計，配戴穩固；四麥克風通話清晰，充電盒可輕鬆放進口袋。IPX4 防汗防水，運動通勤都適用。',
      ],
    },
  },
  {
    key: 'portable-speaker',
    category: 'audio',
    price: 3999,
    options: { color: ['black', 'teal', 'orange'] },
    text: {
      'en-US': [
        'Waterproof Bluetooth Speaker',
        'A rugged little speaker with surprisingly full bass and 12 hours of playtime. IP67 waterproof and dustproof, so it is ready for the beach, the pool or the shower.',
      ],
      'pt-BR': [
        "Caixa de Som Bluetooth à Prova d'Água",
        "Uma caixinha resistente com graves surpreendentemente encorpados e 12 horas de reprodução. À prova d'água e poeira (IP67), pronta para a praia, a piscina ou o banho.",
      ],
      'zh-CN': [
        '防水便携蓝牙音箱',
        '小巧坚固，低音出乎意料地饱满，连续播放可达 12 小时。IP67 防水防尘，海边、泳池或浴室都能尽情使用。',
      ],
      'zh-TW': [
        '防水攜帶式藍牙喇叭',
        '小巧堅固，低音出乎意料地飽滿，連續播放可達 12 小時。IP67 防水防塵，海邊、泳池或浴室都能盡情使用。',
      ],
    },
  },
  // Electronics · phone accessories
  {
    key: 'power-bank',
    category: 'phone-accessories',
    price: 2999,
    options: { battery: ['10000mah', '20000mah'], color: ['black', 'white'] },
    text: {
      'en-US': [
        'Slim USB-C Power Bank',
        'A slim power bank with 20 W fast charging over USB-C and a second USB-A port. Charges a phone about twice (10,000 mAh) or four times (20,000 mAh) before it needs a top-up.',
      ],
      'pt-BR': [
        'Carregador Portátil USB-C Slim',
        'Bateria externa fina com carregamento rápido de 20 W via USB-C e uma segunda porta USB-A. Carrega um celular cerca de duas vezes (10.000 mAh) ou quatro vezes (20.000 mAh) antes de precisar de recarga.',
      ],
      'zh-CN': [
        '轻薄 USB-C 充电宝',
        '机身轻薄，USB-C 接口支持 20W 快充，另有一个 USB-A 接口。10000 毫安时版本可为手机充满约两次，20000 毫安时版本约四次。',
      ],
      'zh-TW': [
        '輕薄 USB-C 行動電源',
        '機身輕薄，USB-C 連接埠支援 20W 快充，另有一個 USB-A 連接埠。10000 mAh 版本可為手機充飽約兩次，20000 mAh 版本約四次。',
      ],
    },
  },
  {
    key: 'usb-c-cable',
    category: 'phone-accessories',
    price: 1299,
    options: { length: ['1m', '2m'], color: ['black', 'white'] },
    offShelf: true,
    text: {
      'en-US': [
        'Braided USB-C to USB-C Cable',
        'A nylon-braided cable rated for 100 W charging and tested to 10,000 bends. Works with phones, tablets and laptops.',
      ],
      'pt-BR': [
        'Cabo USB-C para USB-C Trançado',
        'Cabo com revestimento de nylon trançado, suporta carregamento de 100 W e foi testado em 10.000 dobras. Funciona com celulares, tablets e notebooks.',
      ],
      'zh-CN': [
        '编织 USB-C 对 USB-C 数据线',
        '尼龙编织外皮，支持 100W 充电，通过 10000 次弯折测试。适用于手机、平板和笔记本电脑。',
      ],
      'zh-TW': [
        '編織 USB-C 對 USB-C 傳輸線',
        '尼龍編織外皮，支援 100W 充電，通過 10000 次彎折測試。適用於手機、平板與筆記型電腦。',
      ],
    },
  },
  {
    key: 'silicone-phone-case',
    category: 'phone-accessories',
    price: 1999,
    options: { color: ['black', 'navy', 'sage', 'pink'] },
    text: {
      'en-US': [
        'Magnetic Silicone Phone Case',
        'A soft-touch silicone case with a microfibre lining and built-in magnets for wireless chargers and mounts. Raised edges protect the screen and camera when the phone lies flat.',
      ],
      'pt-BR': [
        'Capinha de Silicone Magnética',
        'Capinha de silicone com toque macio, forro de microfibra e ímãs embutidos para carregadores sem fio e suportes. As bordas elevadas protegem a tela e a câmera quando o celular fica deitado.',
      ],
      'zh-CN': [
        '磁吸硅胶手机壳',
        '亲肤硅胶外壳，内衬超细纤维，内置磁环，兼容无线充电器和磁吸支架。边框加高，平放时也能保护屏幕和镜头。',
      ],
      'zh-TW': [
        '磁吸矽膠手機殼',
        '親膚矽膠外殼，內襯超細纖維，內建磁環，相容無線充電器與磁吸支架。邊框加高，平放時也能保護螢幕與鏡頭。',
      ],
    },
  },
  {
    key: 'wireless-charger',
    category: 'phone-accessories',
    price: 2499,
    options: { color: ['black', 'white'] },
    text: {
      'en-US': [
        '15 W Wireless Charging Pad',
        'Set your phone down and it starts charging, even through most cases up to 5 mm thick. A soft status light dims at night to keep the bedroom dark.',
      ],
      'pt-BR': [
        'Base de Carregamento Sem Fio 15 W',
        'Basta apoiar o celular para começar a carregar, mesmo com a maioria das capinhas de até 5 mm. A luz de status suave diminui à noite para não iluminar o quarto.',
      ],
      'zh-CN': [
        '15W 无线充电板',
        '手机放上即可充电，隔着 5 毫米以内的大多数手机壳也能使用。指示灯柔和，夜间自动调暗，不打扰睡眠。',
      ],
      'zh-TW': [
        '15W 無線充電板',
        '手機放上即可充電，隔著 5 公釐以內的多數手機殼也能使用。指示燈柔和，夜間自動調暗，不打擾睡眠。',
      ],
    },
  },
  // Electronics · smart home
  {
    key: 'smart-bulb',
    category: 'smart-home',
    price: 1499,
    options: { pack: ['single', 'pack-2', 'pack-4'] },
    text: {
      'en-US': [
        'Color Smart LED Bulb',
        'A 60 W-equivalent bulb with 16 million colours and tunable white light, controlled from your phone or by voice. Set schedules and scenes without a hub.',
      ],
      'pt-BR': [
        'Lâmpada LED Inteligente Colorida',
        'Lâmpada equivalente a 60 W com 16 milhões de cores e branco ajustável, controlada pelo celular ou por voz. Crie rotinas e cenas sem precisar de hub.',
      ],
      'zh-CN': [
        '智能彩光 LED 灯泡',
        '亮度相当于 60W 白炽灯，支持 1600 万种颜色和冷暖白光调节，可用手机或语音控制。无需网关即可设置定时和场景。',
      ],
      'zh-TW': [
        '智慧彩光 LED 燈泡',
        '亮度相當於 60W 白熾燈，支援 1600 萬種顏色與冷暖白光調節，可用手機或語音控制。不需閘道器即可設定排程與情境。',
      ],
    },
  },
  {
    key: 'smart-plug',
    category: 'smart-home',
    price: 1299,
    options: { pack: ['single', 'pack-2', 'pack-4'] },
    text: {
      'en-US': [
        'Mini Smart Plug with Energy Monitoring',
        'Switch lamps, fans and coffee makers on and off from anywhere, or on a schedule. It also shows how much energy each device uses.',
      ],
      'pt-BR': [
        'Mini Tomada Inteligente com Medição de Energia',
        'Ligue e desligue luminárias, ventiladores e cafeteiras de qualquer lugar ou em horários programados. Ela também mostra quanto cada aparelho consome.',
      ],
      'zh-CN': [
        '迷你智能插座（电量统计）',
        '随时随地远程或定时开关台灯、风扇和咖啡机。还能查看每台电器的用电量。',
      ],
      'zh-TW': [
        '迷你智慧插座（電量統計）',
        '隨時隨地遠端或定時開關檯燈、電扇與咖啡機。還能查看每台電器的用電量。',
      ],
    },
  },
  {
    key: 'robot-vacuum',
    category: 'smart-home',
    price: 24999,
    options: { color: ['black', 'white'] },
    text: {
      'en-US': [
        'Robot Vacuum with Laser Navigation',
        'Maps your home with laser navigation and cleans room by room in neat rows. Strong 4,000 Pa suction lifts pet hair from carpets, and it returns to its dock to recharge.',
      ],
      'pt-BR': [
        'Robô Aspirador com Navegação a Laser',
        'Mapeia a casa com navegação a laser e limpa cômodo por cômodo em linhas organizadas. A sucção de 4.000 Pa tira pelos de pets dos tapetes, e ele volta sozinho para a base para recarregar.',
      ],
      'zh-CN': [
        '激光导航扫地机器人',
        '激光导航精准建图，按房间有序地逐行清扫。4000Pa 大吸力轻松吸走地毯上的宠物毛发，电量不足时自动回充。',
      ],
      'zh-TW': [
        '雷射導航掃地機器人',
        '雷射導航精準建圖，依房間有條不紊地逐行清掃。4000Pa 強勁吸力輕鬆吸走地毯上的寵物毛髮，電量不足時自動回充。',
      ],
    },
  },
  {
    key: 'security-camera',
    category: 'smart-home',
    price: 3999,
    options: { color: ['white', 'black'] },
    text: {
      'en-US': [
        'Indoor Security Camera 2K',
        'Sharp 2K video, night vision and two-way audio, so you can check on pets or parcels from your phone. Motion alerts come with a short clip, and a privacy shutter covers the lens.',
      ],
      'pt-BR': [
        'Câmera de Segurança Interna 2K',
        'Vídeo nítido em 2K, visão noturna e áudio bidirecional para ver os pets ou as encomendas pelo celular. Os alertas de movimento chegam com um clipe curto, e uma tampa de privacidade cobre a lente.',
      ],
      'zh-CN': [
        '2K 室内安防摄像头',
        '2K 高清画质，支持夜视和双向语音，用手机就能随时查看宠物和快递。检测到移动时推送短视频提醒，隐私遮挡盖可物理遮住镜头。',
      ],
      'zh-TW': [
        '2K 室內監視攝影機',
        '2K 高畫質，支援夜視與雙向語音，用手機就能隨時查看寵物與包裹。偵測到移動時推播短片通知，隱私遮蓋可實體遮住鏡頭。',
      ],
    },
  },
  // Computers & office · keyboards and mice
  {
    key: 'mechanical-keyboard',
    category: 'keyboards-mice',
    price: 8999,
    options: { switch: ['linear', 'tactile', 'clicky'], color: ['graphite', 'white'] },
    text: {
      'en-US': [
        '75% Wireless Mechanical Keyboard',
        'A compact 75% layout with hot-swappable switches, a gasket-mounted plate and a volume knob. Connects over Bluetooth to three devices or by USB-C cable.',
      ],
      'pt-BR': [
        'Teclado Mecânico Sem Fio 75%',
        'Layout compacto 75% com switches hot-swap, montagem gasket e botão de volume. Conecta-se por Bluetooth a até três dispositivos ou por cabo USB-C.',
      ],
      'zh-CN': [
        '75% 无线机械键盘',
        '紧凑的 75% 配列，支持热插拔轴体，采用 Gasket 结构，带音量旋钮。蓝牙可连接三台设备，也可用 USB-C 有线连接。',
      ],
      'zh-TW': [
        '75% 無線機械鍵盤',
        '精巧的 75% 配置，支援熱插拔軸體，採用 Gasket 結構，附音量旋鈕。藍牙可連接三台裝置，也可用 USB-C 有線連接。',
      ],
    },
  },
  {
    key: 'ergonomic-mouse',
    category: 'keyboards-mice',
    price: 3499,
    options: { color: ['graphite', 'white', 'pink'] },
    text: {
      'en-US': [
        'Ergonomic Wireless Mouse',
        'Sculpted for the right hand, with a thumb rest and quiet clicks. Tracks on almost any surface and runs for 70 days on a single charge.',
      ],
      'pt-BR': [
        'Mouse Sem Fio Ergonômico',
        'Desenhado para a mão direita, com apoio para o polegar e cliques silenciosos. Funciona em quase qualquer superfície e a bateria dura 70 dias por carga.',
      ],
      'zh-CN': [
        '人体工学无线鼠标',
        '贴合右手握姿，带拇指托，按键静音。几乎在任何表面都能精准定位，充满电可用 70 天。',
      ],
      'zh-TW': [
        '人體工學無線滑鼠',
        '貼合右手握姿，附拇指托，按鍵靜音。幾乎在任何表面都能精準定位，充飽電可用 70 天。',
      ],
    },
  },
  {
    key: 'low-profile-keyboard',
    category: 'keyboards-mice',
    price: 4999,
    options: { color: ['graphite', 'white', 'sage'] },
    text: {
      'en-US': [
        'Low-Profile Bluetooth Keyboard',
        'Slim scissor-switch keys with a quiet, laptop-like feel. Pairs with up to three devices and switches between them at a keystroke.',
      ],
      'pt-BR': [
        'Teclado Bluetooth de Perfil Baixo',
        'Teclas finas tipo tesoura, silenciosas e com toque parecido com o de um notebook. Pareia com até três dispositivos e alterna entre eles com uma tecla.',
      ],
      'zh-CN': ['超薄蓝牙键盘', '剪刀脚键帽轻薄安静，手感接近笔记本电脑。最多可配对三台设备，一键切换。'],
      'zh-TW': ['超薄藍牙鍵盤', '剪刀腳鍵帽輕薄安靜，手感接近筆電。最多可配對三台裝置，一鍵切換。'],
    },
  },
  // Computers & office · desk setup
  {
    key: 'led-desk-lamp',
    category: 'desk-setup',
    price: 4999,
    options: { color: ['black', 'white'] },
    text: {
      'en-US': [
        'LED Desk Lamp with Wireless Charger',
        'An adjustable arm lamp with five colour temperatures, flicker-free light and a wireless charging pad in its base. Auto mode matches the brightness to the room.',
      ],
      'pt-BR': [
        'Luminária de Mesa LED com Carregador Sem Fio',
        'Luminária com braço articulado, cinco temperaturas de cor, luz sem cintilação e base de carregamento sem fio. O modo automático ajusta o brilho ao ambiente.',
      ],
      'zh-CN': [
        'LED 护眼台灯（带无线充电）',
        '可调节灯臂，五档色温，无频闪光源，底座内置无线充电。自动模式会根据环境光调节亮度。',
      ],
      'zh-TW': [
        'LED 護眼檯燈（附無線充電）',
        '可調式燈臂，五段色溫，無頻閃光源，底座內建無線充電。自動模式會依環境光調整亮度。',
      ],
    },
  },
  {
    key: 'monitor-stand',
    category: 'desk-setup',
    price: 3999,
    options: { color: ['natural', 'black'] },
    text: {
      'en-US': [
        'Bamboo Monitor Stand',
        'Raises your screen to a comfortable eye level and frees up space to slide a keyboard underneath. A solid bamboo top on steel legs holds up to 20 kg.',
      ],
      'pt-BR': [
        'Suporte de Bambu para Monitor',
        'Eleva a tela a uma altura confortável para os olhos e libera espaço para guardar o teclado embaixo. Tampo de bambu maciço com pés de aço, suporta até 20 kg.',
      ],
      'zh-CN': [
        '竹木显示器增高架',
        '将屏幕抬高到舒适的视线高度，下方空间可收纳键盘。实心竹木台面搭配钢制支脚，承重可达 20 千克。',
      ],
      'zh-TW': [
        '竹木螢幕增高架',
        '將螢幕抬高至舒適的視線高度，下方空間可收納鍵盤。實心竹木桌面搭配鋼製支腳，承重可達 20 公斤。',
      ],
    },
  },
  {
    key: 'felt-desk-mat',
    category: 'desk-setup',
    price: 2499,
    options: { color: ['graphite', 'beige', 'navy'] },
    text: {
      'en-US': [
        'Wool Felt Desk Mat',
        'A large 90 × 40 cm mat of thick merino felt that keeps your desk quiet and your mouse gliding. A cork underside stops it from slipping.',
      ],
      'pt-BR': [
        'Mouse Pad de Mesa em Feltro de Lã',
        'Tapete grande de 90 × 40 cm em feltro de lã merino espesso, que deixa a mesa silenciosa e o mouse deslizando bem. A base de cortiça evita que ele escorregue.',
      ],
      'zh-CN': [
        '羊毛毡桌垫',
        '90 × 40 厘米大尺寸，厚实美利奴羊毛毡，减少敲击噪音，鼠标滑动顺畅。底部软木防滑。',
      ],
      'zh-TW': [
        '羊毛氈桌墊',
        '90 × 40 公分大尺寸，厚實美麗諾羊毛氈，減少敲擊噪音，滑鼠移動順暢。底部軟木止滑。',
      ],
    },
  },
  {
    key: 'laptop-stand',
    category: 'desk-setup',
    price: 3299,
    options: { color: ['silver', 'graphite'] },
    text: {
      'en-US': [
        'Aluminium Laptop Stand',
        'Lifts your laptop 15 cm so the screen meets your eyes and your neck can relax. Folds flat to fit in a laptop sleeve.',
      ],
      'pt-BR': [
        'Suporte de Alumínio para Notebook',
        'Eleva o notebook em 15 cm para que a tela fique na altura dos olhos e o pescoço descanse. Dobra totalmente e cabe na capa do notebook.',
      ],
      'zh-CN': [
        '铝合金笔记本电脑支架',
        '将笔记本电脑抬高 15 厘米，屏幕与视线平齐，缓解颈部疲劳。可完全折叠，轻松放进电脑包。',
      ],
      'zh-TW': [
        '鋁合金筆電支架',
        '將筆電抬高 15 公分，螢幕與視線齊平，舒緩頸部疲勞。可完全摺疊，輕鬆收進電腦包。',
      ],
    },
  },
  // Home & kitchen · cookware
  {
    key: 'nonstick-frying-pan',
    category: 'cookware',
    price: 3499,
    options: { diameter: ['20cm', '24cm', '28cm'] },
    text: {
      'en-US': [
        'Ceramic Nonstick Frying Pan',
        'A PFAS-free ceramic coating releases eggs and pancakes with barely a drop of oil. Works on gas, electric and induction hobs, and the handle stays cool.',
      ],
      'pt-BR': [
        'Frigideira Antiaderente de Cerâmica',
        'Revestimento cerâmico sem PFAS que solta ovos e panquecas com quase nada de óleo. Funciona em fogões a gás, elétricos e de indução, e o cabo não esquenta.',
      ],
      'zh-CN': [
        '陶瓷不粘煎锅',
        '不含 PFAS 的陶瓷涂层，少油也能轻松煎蛋、摊饼不粘锅。燃气灶、电陶炉和电磁炉通用，锅柄不烫手。',
      ],
      'zh-TW': [
        '陶瓷不沾平底鍋',
        '不含 PFAS 的陶瓷塗層，少油也能輕鬆煎蛋、煎鬆餅不沾鍋。瓦斯爐、電爐與電磁爐皆適用，鍋柄不燙手。',
      ],
    },
  },
  {
    key: 'cast-iron-skillet',
    category: 'cookware',
    price: 3999,
    options: { diameter: ['24cm', '28cm'] },
    soldOut: true,
    text: {
      'en-US': [
        'Pre-Seasoned Cast Iron Skillet',
        'Heavy cast iron that holds its heat for a perfect sear and goes from the stovetop straight into the oven. It comes seasoned with vegetable oil and only gets better with use.',
      ],
      'pt-BR': [
        'Frigideira de Ferro Fundido Pré-Curada',
        'Ferro fundido pesado que retém o calor para selar com perfeição e vai do fogão direto para o forno. Já vem curada com óleo vegetal e só melhora com o uso.',
      ],
      'zh-CN': [
        '预开锅铸铁煎锅',
        '厚重铸铁蓄热均匀，煎牛排焦香四溢，可以直接从灶台移入烤箱。出厂已用植物油开锅，越用越好用。',
      ],
      'zh-TW': [
        '預先開鍋鑄鐵平底鍋',
        '厚重鑄鐵蓄熱均勻，煎牛排焦香四溢，可直接從爐台移入烤箱。出廠已用植物油開鍋，越用越順手。',
      ],
    },
  },
  {
    key: 'stainless-saucepan',
    category: 'cookware',
    price: 4499,
    options: { diameter: ['20cm', '24cm'] },
    text: {
      'en-US': [
        'Stainless Steel Saucepan with Lid',
        'Tri-ply stainless steel heats evenly, so sauces, rice and soups cook without hot spots. The glass lid lets you keep an eye on things, and it is dishwasher safe.',
      ],
      'pt-BR': [
        'Panela de Aço Inox com Tampa',
        'Aço inox com fundo triplo que aquece por igual, ideal para molhos, arroz e sopas. A tampa de vidro permite acompanhar o preparo, e a panela pode ir à lava-louças.',
      ],
      'zh-CN': [
        '三层钢不锈钢汤锅（带盖）',
        '三层复合不锈钢受热均匀，煮酱汁、米饭和汤品都不易糊底。玻璃锅盖方便观察，可放入洗碗机清洗。',
      ],
      'zh-TW': [
        '三層鋼不鏽鋼湯鍋（附蓋）',
        '三層複合不鏽鋼受熱均勻，煮醬汁、米飯與湯品都不易燒焦。玻璃鍋蓋方便觀察，可放入洗碗機清洗。',
      ],
    },
  },
  // Home & kitchen · drinkware
  {
    key: 'insulated-bottle',
    category: 'drinkware',
    price: 2499,
    options: { capacity: ['500ml', '750ml', '1l'], color: ['black', 'sage', 'navy'] },
    text: {
      'en-US': [
        'Insulated Stainless Steel Water Bottle',
        'Double-wall vacuum insulation keeps drinks cold for 24 hours or hot for 12. The leak-proof lid has a carry loop, and the powder coat resists scratches.',
      ],
      'pt-BR': [
        'Garrafa Térmica de Aço Inox',
        'Isolamento a vácuo de parede dupla mantém bebidas geladas por 24 horas ou quentes por 12. A tampa à prova de vazamentos tem alça, e a pintura resiste a arranhões.',
      ],
      'zh-CN': [
        '不锈钢真空保温杯',
        '双层真空隔热，冷饮保冷 24 小时，热饮保温 12 小时。防漏杯盖带提环，外层喷涂耐刮耐磨。',
      ],
      'zh-TW': [
        '不鏽鋼真空保溫瓶',
        '雙層真空隔熱，冷飲保冰 24 小時，熱飲保溫 12 小時。防漏瓶蓋附提環，外層噴塗耐刮耐磨。',
      ],
    },
  },
  {
    key: 'stoneware-mug',
    category: 'drinkware',
    price: 1499,
    options: { color: ['white', 'sage', 'navy'], pack: ['single', 'pack-2'] },
    text: {
      'en-US': [
        'Stoneware Coffee Mug',
        'A hand-glazed 350 ml mug with a comfortable handle and a satin finish. Microwave and dishwasher safe.',
      ],
      'pt-BR': [
        'Caneca de Cerâmica Stoneware',
        'Caneca de 350 ml esmaltada à mão, com alça confortável e acabamento acetinado. Pode ir ao micro-ondas e à lava-louças.',
      ],
      'zh-CN': [
        '粗陶咖啡马克杯',
        '350 毫升手工施釉马克杯，杯柄握感舒适，缎面釉质感温润。可用于微波炉和洗碗机。',
      ],
      'zh-TW': [
        '粗陶咖啡馬克杯',
        '350 毫升手工上釉馬克杯，杯耳握感舒適，緞面釉質感溫潤。可用於微波爐與洗碗機。',
      ],
    },
  },
  {
    key: 'travel-tumbler',
    category: 'drinkware',
    price: 2299,
    options: { capacity: ['350ml', '500ml'], color: ['black', 'white', 'pink'] },
    text: {
      'en-US': [
        'Leak-Proof Travel Tumbler',
        'A one-hand flip lid that locks shut, so it can ride in your bag without spills. Fits most car cup holders and coffee machines.',
      ],
      'pt-BR': [
        'Copo Térmico de Viagem à Prova de Vazamentos',
        'Tampa com abertura de uma mão que trava fechada, para levar na bolsa sem derramar. Cabe na maioria dos porta-copos de carro e das cafeteiras.',
      ],
      'zh-CN': ['防漏随行咖啡杯', '单手开合翻盖，可锁定防漏，放进包里也不怕洒。适配大多数车载杯架和咖啡机。'],
      'zh-TW': ['防漏隨行咖啡杯', '單手開合翻蓋，可鎖定防漏，放進包包也不怕灑出。適用多數車用杯架與咖啡機。'],
    },
  },
  // Home & kitchen · home decor
  {
    key: 'linen-cushion-cover',
    category: 'home-decor',
    price: 1999,
    options: { color: ['beige', 'sage', 'navy', 'brown'] },
    text: {
      'en-US': [
        'Washed Linen Cushion Cover',
        'Stonewashed European linen that is soft from day one and gets softer with every wash. 45 × 45 cm with a hidden zip; insert not included.',
      ],
      'pt-BR': [
        'Capa de Almofada de Linho Lavado',
        'Linho europeu estonado, macio desde o primeiro dia e ainda mais a cada lavagem. 45 × 45 cm com zíper invisível; enchimento não incluso.',
      ],
      'zh-CN': [
        '水洗亚麻抱枕套',
        '欧洲亚麻经石洗处理，初次使用就很柔软，越洗越柔顺。尺寸 45 × 45 厘米，隐形拉链，不含枕芯。',
      ],
      'zh-TW': [
        '水洗亞麻抱枕套',
        '歐洲亞麻經石洗處理，初次使用就很柔軟，越洗越柔順。尺寸 45 × 45 公分，隱形拉鍊，不含枕心。',
      ],
    },
  },
  {
    key: 'ribbed-vase',
    category: 'home-decor',
    price: 2999,
    options: { color: ['white', 'sage', 'beige'] },
    text: {
      'en-US': [
        'Ribbed Ceramic Vase',
        'A hand-thrown vase with fine ribbing and a matte glaze, 25 cm tall. Beautiful with fresh stems or dried pampas grass.',
      ],
      'pt-BR': [
        'Vaso de Cerâmica Canelado',
        'Vaso torneado à mão com caneluras finas e esmalte fosco, com 25 cm de altura. Fica lindo com flores frescas ou capim-dos-pampas seco.',
      ],
      'zh-CN': ['竖纹陶瓷花瓶', '手工拉坯，细腻竖纹搭配哑光釉面，高 25 厘米。插鲜花或蒲苇干花都很好看。'],
      'zh-TW': ['直紋陶瓷花瓶', '手工拉坯，細緻直紋搭配霧面釉色，高 25 公分。插鮮花或蒲葦乾燥花都很好看。'],
    },
  },
  {
    key: 'soy-candle',
    category: 'home-decor',
    price: 1799,
    options: { scent: ['lavender', 'citrus', 'cedarwood'] },
    text: {
      'en-US': [
        'Soy Wax Scented Candle',
        'Hand-poured soy wax with a cotton wick burns cleanly for about 45 hours. Comes in a reusable amber glass jar.',
      ],
      'pt-BR': [
        'Vela Aromática de Cera de Soja',
        'Cera de soja derramada à mão com pavio de algodão, que queima de forma limpa por cerca de 45 horas. Vem em pote de vidro âmbar reutilizável.',
      ],
      'zh-CN': [
        '大豆蜡香薰蜡烛',
        '手工浇筑大豆蜡配纯棉烛芯，燃烧洁净，可燃约 45 小时。琥珀色玻璃杯可重复使用。',
      ],
      'zh-TW': [
        '大豆蠟香氛蠟燭',
        '手工澆注大豆蠟搭配純棉燭芯，燃燒潔淨，可燃約 45 小時。琥珀色玻璃杯可重複使用。',
      ],
    },
  },
  {
    key: 'knit-throw',
    category: 'home-decor',
    price: 4999,
    options: { color: ['beige', 'graphite', 'sage'] },
    text: {
      'en-US': [
        'Chunky Knit Throw Blanket',
        'An oversized 130 × 170 cm throw in a chunky cable knit, perfect for the sofa on chilly evenings. Machine washable on a gentle cycle.',
      ],
      'pt-BR': [
        'Manta de Tricô Grosso',
        'Manta grande de 130 × 170 cm em tricô grosso trançado, perfeita para o sofá nas noites frias. Pode ser lavada na máquina no ciclo delicado.',
      ],
      'zh-CN': [
        '粗针麻花针织毯',
        '130 × 170 厘米大尺寸，粗针麻花编织，微凉的夜晚窝在沙发上刚刚好。可机洗（轻柔模式）。',
      ],
      'zh-TW': [
        '粗針麻花針織毯',
        '130 × 170 公分大尺寸，粗針麻花編織，微涼的夜晚窩在沙發上剛剛好。可機洗（輕柔模式）。',
      ],
    },
  },
  // Fashion · tops
  {
    key: 'organic-tee',
    category: 'tops',
    price: 1999,
    options: { size: ['s', 'm', 'l', 'xl'], color: ['white', 'black'] },
    text: {
      'en-US': [
        'Organic Cotton Crew-Neck T-Shirt',
        'A midweight tee in soft organic cotton with a classic fit that keeps its shape wash after wash. The everyday essential, on its own or under a layer.',
      ],
      'pt-BR': [
        'Camiseta Gola Redonda de Algodão Orgânico',
        'Camiseta de gramatura média em algodão orgânico macio, com modelagem clássica que mantém a forma lavagem após lavagem. O básico do dia a dia, sozinha ou por baixo de outras peças.',
      ],
      'zh-CN': [
        '有机棉圆领 T 恤',
        '中等厚度有机棉面料，柔软亲肤，经典版型，多次洗涤依然不变形。单穿或叠穿都合适的日常基本款。',
      ],
      'zh-TW': [
        '有機棉圓領 T 恤',
        '中等厚度有機棉布料，柔軟親膚，經典版型，多次洗滌依然不變形。單穿或內搭都適合的日常基本款。',
      ],
    },
  },
  {
    key: 'fleece-hoodie',
    category: 'tops',
    price: 4499,
    options: { size: ['s', 'm', 'l', 'xl'], color: ['graphite', 'navy'] },
    text: {
      'en-US': [
        'Fleece Pullover Hoodie',
        'Brushed-back fleece that is warm without bulk, with a lined hood and a roomy front pocket. Ribbed cuffs and hem keep the cold out.',
      ],
      'pt-BR': [
        'Moletom Canguru com Capuz',
        'Moletom flanelado por dentro, quente sem ser volumoso, com capuz forrado e bolso canguru espaçoso. Punhos e barra canelados seguram o frio.',
      ],
      'zh-CN': [
        '加绒套头连帽卫衣',
        '内里磨毛加绒，保暖却不臃肿，帽子带内衬，前袋宽大。罗纹袖口与下摆，有效挡风。',
      ],
      'zh-TW': [
        '刷毛套頭連帽上衣',
        '內裡刷毛，保暖卻不臃腫，帽子附內襯，前口袋寬大。羅紋袖口與下襬，有效擋風。',
      ],
    },
  },
  {
    key: 'linen-shirt',
    category: 'tops',
    price: 3999,
    options: { size: ['s', 'm', 'l'], color: ['white', 'blue', 'beige'] },
    text: {
      'en-US': [
        'Relaxed Linen Shirt',
        'A breathable shirt in garment-washed linen with a relaxed fit and mother-of-pearl buttons. Made for hot days, rolled sleeves and long lunches.',
      ],
      'pt-BR': [
        'Camisa de Linho Modelagem Solta',
        'Camisa respirável de linho lavado, com modelagem solta e botões de madrepérola. Feita para dias quentes, mangas dobradas e almoços demorados.',
      ],
      'zh-CN': [
        '宽松亚麻衬衫',
        '成衣水洗亚麻面料，透气舒适，宽松版型，配贝母纽扣。炎炎夏日，卷起袖子就很有型。',
      ],
      'zh-TW': [
        '寬鬆亞麻襯衫',
        '成衣水洗亞麻布料，透氣舒適，寬鬆版型，搭配貝殼鈕扣。炎炎夏日，捲起袖子就很有型。',
      ],
    },
  },
  // Fashion · shoes
  {
    key: 'running-shoes',
    category: 'shoes',
    price: 7999,
    options: { 'shoe-size': ['eu40', 'eu41', 'eu42', 'eu43'], color: ['black', 'white'] },
    text: {
      'en-US': [
        'Lightweight Running Shoes',
        'A responsive foam midsole and a breathable knit upper for daily runs up to half-marathon distance. Each shoe weighs just 240 g.',
      ],
      'pt-BR': [
        'Tênis de Corrida Leve',
        'Entressola de espuma responsiva e cabedal de malha respirável para corridas diárias de até meia maratona. Cada pé pesa só 240 g.',
      ],
      'zh-CN': [
        '轻量跑步鞋',
        '高回弹泡棉中底搭配透气针织鞋面，适合日常训练乃至半程马拉松。单只仅重 240 克。',
      ],
      'zh-TW': [
        '輕量慢跑鞋',
        '高回彈泡棉中底搭配透氣針織鞋面，適合日常訓練乃至半程馬拉松。單隻僅重 240 公克。',
      ],
    },
  },
  {
    key: 'canvas-sneakers',
    category: 'shoes',
    price: 4999,
    options: { 'shoe-size': ['eu38', 'eu39', 'eu40', 'eu41'], color: ['white', 'navy'] },
    text: {
      'en-US': [
        'Classic Canvas Sneakers',
        'Low-top sneakers in sturdy cotton canvas with a vulcanised rubber sole. A cushioned insole keeps them comfortable all day.',
      ],
      'pt-BR': [
        'Tênis Clássico de Lona',
        'Tênis cano baixo em lona de algodão resistente com sola de borracha vulcanizada. A palmilha acolchoada garante conforto o dia todo.',
      ],
      'zh-CN': ['经典低帮帆布鞋', '结实的纯棉帆布鞋面，搭配硫化橡胶鞋底。鞋垫柔软有缓冲，穿一整天也舒适。'],
      'zh-TW': ['經典低筒帆布鞋', '結實的純棉帆布鞋面，搭配硫化橡膠鞋底。鞋墊柔軟有緩衝，穿一整天也舒適。'],
    },
  },
  {
    key: 'house-slippers',
    category: 'shoes',
    price: 2499,
    options: { size: ['s', 'm', 'l'], color: ['graphite', 'pink'] },
    offShelf: true,
    text: {
      'en-US': [
        'Memory Foam House Slippers',
        'Plush slippers with a memory foam footbed and a non-slip sole, sturdy enough to fetch the post in. Machine washable.',
      ],
      'pt-BR': [
        'Pantufas com Espuma de Memória',
        'Pantufas macias com palmilha de espuma de memória e sola antiderrapante, firmes o bastante para buscar a correspondência. Podem ser lavadas na máquina.',
      ],
      'zh-CN': ['记忆棉居家拖鞋', '毛绒鞋面搭配记忆棉鞋垫，防滑鞋底，下楼取快递也没问题。可机洗。'],
      'zh-TW': ['記憶棉室內拖鞋', '絨毛鞋面搭配記憶棉鞋墊，止滑鞋底，下樓拿信也沒問題。可機洗。'],
    },
  },
  // Fashion · bags
  {
    key: 'laptop-backpack',
    category: 'bags',
    price: 5999,
    options: { color: ['black', 'graphite', 'navy'] },
    text: {
      'en-US': [
        'Water-Resistant Laptop Backpack',
        'A 22-litre backpack with a padded sleeve for laptops up to 16 inches and a hidden pocket for your passport. The recycled fabric shrugs off rain.',
      ],
      'pt-BR': [
        'Mochila Impermeável para Notebook',
        'Mochila de 22 litros com compartimento acolchoado para notebooks de até 16 polegadas e bolso oculto para o passaporte. O tecido reciclado resiste à chuva.',
      ],
      'zh-CN': [
        '防泼水电脑双肩包',
        '22 升容量，带可容纳 16 英寸笔记本电脑的加厚隔层，另有放护照的隐藏口袋。再生面料防泼水，不怕下雨。',
      ],
      'zh-TW': [
        '防潑水筆電後背包',
        '22 公升容量，附可放 16 吋筆電的加厚隔層，另有放護照的隱藏口袋。再生布料防潑水，不怕下雨。',
      ],
    },
  },
  {
    key: 'canvas-tote',
    category: 'bags',
    price: 1999,
    options: { color: ['beige', 'black'] },
    text: {
      'en-US': [
        'Heavy Canvas Tote Bag',
        'A roomy tote in 16 oz cotton canvas with an inner zip pocket and long handles that sit comfortably on the shoulder. Carries groceries, books or a day at the beach.',
      ],
      'pt-BR': [
        'Ecobag de Lona Grossa',
        'Bolsa espaçosa em lona de algodão grossa, com bolso interno com zíper e alças longas que ficam confortáveis no ombro. Leva compras, livros ou tudo para um dia de praia.',
      ],
      'zh-CN': [
        '加厚帆布托特包',
        '16 盎司加厚纯棉帆布，容量大，内有拉链小袋，长肩带背着舒适。买菜、装书或去海边都好用。',
      ],
      'zh-TW': [
        '加厚帆布托特包',
        '16 盎司加厚純棉帆布，容量大，內有拉鍊小袋，長背帶揹起來舒適。買菜、裝書或去海邊都好用。',
      ],
    },
  },
  {
    key: 'crossbody-bag',
    category: 'bags',
    price: 3999,
    options: { color: ['black', 'brown', 'beige'] },
    text: {
      'en-US': [
        'Vegan Leather Crossbody Bag',
        'A compact crossbody in smooth vegan leather with an adjustable strap and three inner compartments. Just big enough for a phone, wallet and keys.',
      ],
      'pt-BR': [
        'Bolsa Transversal de Couro Vegano',
        'Bolsa transversal compacta em couro vegano liso, com alça ajustável e três divisórias internas. Do tamanho certo para celular, carteira e chaves.',
      ],
      'zh-CN': [
        '素皮斜挎包',
        '光面素皮小巧斜挎包，不含动物皮革，肩带可调节，内有三个隔层。刚好放下手机、钱包和钥匙。',
      ],
      'zh-TW': [
        '純素皮革斜背包',
        '光面純素皮革小巧斜背包，背帶可調整，內有三個隔層。剛好放得下手機、錢包與鑰匙。',
      ],
    },
  },
  // Beauty · skincare
  {
    key: 'hydrating-serum',
    category: 'skincare',
    price: 2499,
    options: { capacity: ['30ml', '50ml'] },
    text: {
      'en-US': [
        'Hyaluronic Acid Hydrating Serum',
        'A lightweight serum with three weights of hyaluronic acid that plumps and hydrates without stickiness. Fragrance-free and suitable for sensitive skin.',
      ],
      'pt-BR': [
        'Sérum Hidratante com Ácido Hialurônico',
        'Sérum leve com três pesos moleculares de ácido hialurônico que hidrata e dá viço sem deixar a pele pegajosa. Sem fragrância e indicado para pele sensível.',
      ],
      'zh-CN': [
        '玻尿酸保湿精华液',
        '质地轻薄，含三种分子量玻尿酸，补水保湿、肌肤饱满不黏腻。无香精，敏感肌也适用。',
      ],
      'zh-TW': [
        '玻尿酸保濕精華液',
        '質地輕盈，含三種分子量玻尿酸，補水保濕、肌膚飽滿不黏膩。無香精，敏感肌也適用。',
      ],
    },
  },
  {
    key: 'mineral-sunscreen',
    category: 'skincare',
    price: 1999,
    options: { capacity: ['50ml', '100ml'] },
    text: {
      'en-US': [
        'Daily Mineral Sunscreen SPF 50',
        'Broad-spectrum zinc oxide protection in a sheer fluid that leaves no white cast. Water-resistant for 40 minutes and gentle enough for every day.',
      ],
      'pt-BR': [
        'Protetor Solar Mineral Diário FPS 50',
        'Proteção de amplo espectro com óxido de zinco em um fluido leve que não deixa a pele esbranquiçada. Resistente à água por 40 minutos e suave para o uso diário.',
      ],
      'zh-CN': [
        '日常物理防晒乳 SPF50',
        '氧化锌广谱防护，质地清透流体，不泛白。防水 40 分钟，温和不刺激，适合每天使用。',
      ],
      'zh-TW': [
        '日常物理防曬乳 SPF50',
        '氧化鋅廣譜防護，質地清透流體，不泛白。防水 40 分鐘，溫和不刺激，適合每天使用。',
      ],
    },
  },
  {
    key: 'gel-moisturizer',
    category: 'skincare',
    price: 2299,
    options: { capacity: ['50ml', '100ml'] },
    text: {
      'en-US': [
        'Oil-Free Gel Moisturizer',
        'A cooling gel cream with niacinamide and green tea that hydrates for 72 hours. It absorbs in seconds, so it sits well under sunscreen and makeup.',
      ],
      'pt-BR': [
        'Hidratante Facial em Gel Oil-Free',
        'Gel-creme refrescante com niacinamida e chá verde que hidrata por 72 horas. Absorve em segundos e fica ótimo sob o protetor solar e a maquiagem.',
      ],
      'zh-CN': [
        '清爽无油保湿啫喱霜',
        '清凉啫喱质地，含烟酰胺和绿茶精华，持续保湿 72 小时。数秒即可吸收，叠加防晒和上妆都不搓泥。',
      ],
      'zh-TW': [
        '清爽無油保濕凝霜',
        '清涼凝凍質地，含菸鹼醯胺與綠茶精華，持續保濕 72 小時。數秒即可吸收，疊擦防曬與上妝都不搓泥。',
      ],
    },
  },
  {
    key: 'foaming-cleanser',
    category: 'skincare',
    price: 1499,
    options: { capacity: ['100ml', '250ml'] },
    text: {
      'en-US': [
        'Gentle Foaming Cleanser',
        'A low-pH cleanser that lifts away sunscreen and city grime while leaving the skin barrier intact. Skin feels clean, never tight.',
      ],
      'pt-BR': [
        'Espuma de Limpeza Suave',
        'Limpador de pH baixo que remove o protetor solar e a poluição do dia sem agredir a barreira da pele. A pele fica limpa, sem repuxar.',
      ],
      'zh-CN': [
        '温和氨基酸洁面泡沫',
        '弱酸性配方，轻松洗去防晒和城市污垢，同时维护肌肤屏障。洗后清爽不紧绷。',
      ],
      'zh-TW': [
        '溫和胺基酸潔面泡沫',
        '弱酸性配方，輕鬆洗去防曬與城市髒污，同時維護肌膚屏障。洗後清爽不緊繃。',
      ],
    },
  },
  // Beauty · hair and body
  {
    key: 'argan-shampoo',
    category: 'hair-body',
    price: 1299,
    options: { capacity: ['250ml', '500ml'], scent: ['unscented', 'lavender'] },
    text: {
      'en-US': [
        'Argan Oil Repair Shampoo',
        'A sulphate-free shampoo with argan oil and keratin that repairs dry, coloured or heat-styled hair. Leaves it soft and shiny without weighing it down.',
      ],
      'pt-BR': [
        'Shampoo Reparador com Óleo de Argan',
        'Shampoo sem sulfato com óleo de argan e queratina que recupera cabelos secos, com coloração ou danificados pelo calor. Deixa os fios macios e brilhantes sem pesar.',
      ],
      'zh-CN': [
        '摩洛哥坚果油修护洗发水',
        '无硫酸盐配方，含摩洛哥坚果油和角蛋白，修护干燥、染烫及热损伤发质。洗后柔顺有光泽，不扁塌。',
      ],
      'zh-TW': [
        '摩洛哥堅果油修護洗髮精',
        '無硫酸鹽配方，含摩洛哥堅果油與角蛋白，修護乾燥、染燙及熱損傷髮質。洗後柔順有光澤，不扁塌。',
      ],
    },
  },
  {
    key: 'body-wash',
    category: 'hair-body',
    price: 999,
    options: { scent: ['lavender', 'citrus', 'unscented'], pack: ['single', 'pack-2'] },
    text: {
      'en-US': [
        'Moisturising Body Wash',
        'A creamy body wash with glycerin and oat extract that cleans without drying. 500 ml in a recyclable bottle.',
      ],
      'pt-BR': [
        'Sabonete Líquido Hidratante',
        'Sabonete líquido cremoso com glicerina e extrato de aveia que limpa sem ressecar. Frasco reciclável de 500 ml.',
      ],
      'zh-CN': ['滋润沐浴露', '绵密乳霜质地，含甘油和燕麦精华，洁净同时不干燥。500 毫升可回收瓶装。'],
      'zh-TW': ['滋潤沐浴乳', '綿密乳霜質地，含甘油與燕麥精華，清潔同時不乾燥。500 毫升可回收瓶裝。'],
    },
  },
  {
    key: 'ionic-hair-dryer',
    category: 'hair-body',
    price: 6999,
    options: { color: ['black', 'pink', 'white'] },
    text: {
      'en-US': [
        'Ionic Hair Dryer',
        'A 1,800 W dryer with negative ions that cut frizz and drying time. Three heat settings, a cool-shot button and a concentrator nozzle.',
      ],
      'pt-BR': [
        'Secador de Cabelo Iônico',
        'Secador de 1.800 W com íons negativos que reduzem o frizz e o tempo de secagem. Três temperaturas, botão de jato frio e bico concentrador.',
      ],
      'zh-CN': ['负离子电吹风', '1800W 大功率，负离子减少毛躁、缩短吹干时间。三档温度，带冷风键和集风嘴。'],
      'zh-TW': ['負離子吹風機', '1800W 大功率，負離子減少毛躁、縮短吹乾時間。三段溫度，附冷風鍵與集風嘴。'],
    },
  },
  // Sports & outdoors · fitness
  {
    key: 'yoga-mat',
    category: 'fitness',
    price: 3499,
    options: { color: ['sage', 'purple', 'graphite'] },
    text: {
      'en-US': [
        'Non-Slip Yoga Mat',
        'A 6 mm natural rubber mat with a grippy surface that holds even in hot yoga. Comes with a cotton carrying strap.',
      ],
      'pt-BR': [
        'Tapete de Yoga Antiderrapante',
        'Tapete de borracha natural de 6 mm com superfície aderente que não escorrega nem no hot yoga. Acompanha alça de algodão para transporte.',
      ],
      'zh-CN': ['防滑天然橡胶瑜伽垫', '6 毫米天然橡胶，表面抓地力强，热瑜伽大量出汗也不打滑。附赠棉质背带。'],
      'zh-TW': ['止滑天然橡膠瑜珈墊', '6 公釐天然橡膠，表面抓地力強，熱瑜珈大量流汗也不打滑。附贈棉質揹帶。'],
    },
  },
  {
    key: 'dumbbell-pair',
    category: 'fitness',
    price: 1999,
    options: { weight: ['2kg', '5kg', '8kg'] },
    text: {
      'en-US': [
        'Neoprene Dumbbell Pair',
        'Two hexagonal dumbbells with a soft neoprene coating that will not roll away or scratch the floor. Great for home workouts and physiotherapy.',
      ],
      'pt-BR': [
        'Par de Halteres de Neoprene',
        'Dois halteres sextavados com revestimento macio de neoprene que não rolam nem riscam o chão. Ótimos para treinos em casa e fisioterapia.',
      ],
      'zh-CN': [
        '包胶哑铃（一对）',
        '六角形哑铃，外层柔软氯丁橡胶包覆，不滚动也不刮伤地板。适合居家锻炼和康复训练。',
      ],
      'zh-TW': [
        '包膠啞鈴（一對）',
        '六角形啞鈴，外層柔軟氯丁橡膠包覆，不滾動也不刮傷地板。適合居家運動與復健訓練。',
      ],
    },
  },
  {
    key: 'resistance-bands',
    category: 'fitness',
    price: 1999,
    options: { color: ['pink', 'teal', 'graphite'] },
    text: {
      'en-US': [
        'Fabric Resistance Bands, Set of 3',
        'Three non-slip fabric loops in light, medium and heavy resistance for glutes, legs and warm-ups. They stay in place and never roll up like latex bands.',
      ],
      'pt-BR': [
        'Kit com 3 Faixas Elásticas de Tecido',
        'Três faixas de tecido antiderrapante com resistência leve, média e forte para glúteos, pernas e aquecimento. Não saem do lugar nem enrolam como as de látex.',
      ],
      'zh-CN': [
        '布艺弹力带（3 条装）',
        '轻、中、重三种阻力的防滑布艺弹力圈，适合臀腿训练和热身。不易移位，也不会像乳胶弹力带那样卷边。',
      ],
      'zh-TW': [
        '布質彈力帶（3 條裝）',
        '輕、中、重三種阻力的止滑布質彈力圈，適合臀腿訓練與暖身。不易移位，也不會像乳膠彈力帶那樣捲起。',
      ],
    },
  },
  {
    key: 'speed-jump-rope',
    category: 'fitness',
    price: 1299,
    options: { color: ['black', 'red', 'blue'] },
    text: {
      'en-US': [
        'Speed Jump Rope',
        'Ball-bearing handles and a coated steel cable for fast, smooth double-unders. The length adjusts to your height in seconds.',
      ],
      'pt-BR': [
        'Corda de Pular Speed',
        'Manoplas com rolamentos e cabo de aço revestido para saltos rápidos e suaves, inclusive duplos. O comprimento se ajusta à sua altura em segundos.',
      ],
      'zh-CN': ['竞速跳绳', '轴承手柄搭配包胶钢丝绳，转速快又顺滑，双摇也轻松。绳长可按身高快速调节。'],
      'zh-TW': ['競速跳繩', '軸承握把搭配包膠鋼索，轉速快又順暢，雙迴旋也輕鬆。繩長可依身高快速調整。'],
    },
  },
  // Sports & outdoors · camping
  {
    key: 'dome-tent',
    category: 'camping',
    price: 12999,
    options: { sleeps: ['2p', '3p', '4p'] },
    text: {
      'en-US': [
        'Two-Door Backpacking Dome Tent',
        'A freestanding tent that pitches in five minutes, with a door and a vestibule on each side. The 3,000 mm rainfly keeps you dry through a stormy night.',
      ],
      'pt-BR': [
        'Barraca Iglu com Duas Portas',
        'Barraca autoportante que se monta em cinco minutos, com porta e avanço dos dois lados. O sobreteto de 3.000 mm mantém você seco numa noite de tempestade.',
      ],
      'zh-CN': [
        '双门徒步露营帐篷',
        '自立式帐篷，五分钟即可搭好，两侧各有门和前厅。3000 毫米防水外帐，暴雨夜也能保持干爽。',
      ],
      'zh-TW': [
        '雙門登山露營帳篷',
        '自立式帳篷，五分鐘即可搭好，兩側各有門與前庭。3000 毫米防水外帳，暴雨夜也能保持乾爽。',
      ],
    },
  },
  {
    key: 'sleeping-bag',
    category: 'camping',
    price: 5999,
    options: { color: ['navy', 'orange'] },
    text: {
      'en-US': [
        'Three-Season Sleeping Bag',
        'A mummy bag rated to 0 °C, with synthetic insulation that stays warm even when damp. Packs down into the included compression sack.',
      ],
      'pt-BR': [
        'Saco de Dormir Três Estações',
        'Saco de dormir tipo múmia para até 0 °C, com enchimento sintético que aquece mesmo úmido. Cabe no saco de compressão incluso.',
      ],
      'zh-CN': [
        '三季木乃伊睡袋',
        '木乃伊式睡袋，舒适温度 0°C，化纤填充受潮也依然保暖。可收进附带的压缩袋中。',
      ],
      'zh-TW': [
        '三季木乃伊型睡袋',
        '木乃伊型睡袋，舒適溫度 0°C，化纖填充受潮也依然保暖。可收進隨附的壓縮袋中。',
      ],
    },
  },
  {
    key: 'camping-lantern',
    category: 'camping',
    price: 2999,
    options: { pack: ['single', 'pack-2'] },
    text: {
      'en-US': [
        'Rechargeable LED Camping Lantern',
        'Up to 400 lumens of warm or cool light with a dimmer, and 60 hours on the lowest setting. Doubles as a power bank for your phone.',
      ],
      'pt-BR': [
        'Lanterna de Camping LED Recarregável',
        'Até 400 lúmens de luz quente ou fria com ajuste de intensidade e 60 horas no modo mais fraco. Também funciona como carregador portátil para o celular.',
      ],
      'zh-CN': [
        '充电式 LED 露营灯',
        '最高 400 流明，暖光冷光可切换并无级调光，最低档续航 60 小时。还可以当充电宝给手机充电。',
      ],
      'zh-TW': [
        '充電式 LED 露營燈',
        '最高 400 流明，暖光冷光可切換並無段調光，最低檔續航 60 小時。還能當行動電源替手機充電。',
      ],
    },
  },
  // Stationery · notebooks and planners
  {
    key: 'hardcover-notebook',
    category: 'notebooks',
    price: 1499,
    options: { ruling: ['lined', 'dotted', 'grid', 'blank'] },
    text: {
      'en-US': [
        'A5 Hardcover Notebook',
        '192 numbered pages of 100 gsm paper that fountain pen ink will not bleed through. Lay-flat binding, two ribbon markers and an index at the front.',
      ],
      'pt-BR': [
        'Caderno A5 Capa Dura',
        '192 páginas numeradas de papel 100 g/m² que a tinta da caneta-tinteiro não atravessa. Encadernação que abre totalmente, duas fitas marcadoras e índice no início.',
      ],
      'zh-CN': [
        'A5 硬壳笔记本',
        '192 页带页码，100 克纸张，钢笔书写不洇不透。可 180° 平摊，两条丝带书签，前附目录页。',
      ],
      'zh-TW': [
        'A5 精裝筆記本',
        '192 頁附頁碼，100 gsm 紙張，鋼筆書寫不暈不透。可 180° 攤平，兩條緞帶書籤，前附目錄頁。',
      ],
    },
  },
  {
    key: 'weekly-planner',
    category: 'notebooks',
    price: 1999,
    options: { color: ['sage', 'pink', 'navy'] },
    text: {
      'en-US': [
        'Undated Weekly Planner',
        'Start in any week of the year: each spread has a week at a glance, a to-do list and a habit tracker. Soft-touch cover with an elastic closure.',
      ],
      'pt-BR': [
        'Planner Semanal Sem Data',
        'Comece em qualquer semana do ano: cada página dupla traz a visão da semana, lista de tarefas e controle de hábitos. Capa com toque aveludado e fecho de elástico.',
      ],
      'zh-CN': [
        '无日期周计划本',
        '一年中任何一周都能开始使用：每个跨页包含一周概览、待办清单和习惯打卡。肤感封面，附弹力绑带。',
      ],
      'zh-TW': [
        '無日期週計畫本',
        '一年中任何一週都能開始使用：每個跨頁包含一週總覽、待辦清單與習慣追蹤。膚觸封面，附鬆緊帶。',
      ],
    },
  },
  {
    key: 'spiral-sketchbook',
    category: 'notebooks',
    price: 1299,
    options: { pack: ['single', 'pack-3'] },
    text: {
      'en-US': [
        'Spiral Sketchbook',
        '80 sheets of heavyweight acid-free drawing paper that takes pencil, ink and light washes. The spiral folds back flat for drawing on the go.',
      ],
      'pt-BR': [
        'Caderno de Desenho Espiral',
        '80 folhas de papel encorpado e livre de ácido, bom para lápis, nanquim e aguadas leves. O espiral permite dobrar o caderno para desenhar em qualquer lugar.',
      ],
      'zh-CN': [
        '线圈速写本',
        '80 张加厚无酸绘画纸，适合铅笔、针管笔和轻度水彩。线圈装订可对折，外出写生更方便。',
      ],
      'zh-TW': [
        '線圈素描本',
        '80 張加厚無酸繪圖紙，適合鉛筆、代針筆與輕度水彩。線圈裝訂可對摺，外出寫生更方便。',
      ],
    },
  },
  // Stationery · pens and markers
  {
    key: 'gel-pen-set',
    category: 'pens',
    price: 999,
    options: { nib: ['fine', 'medium'] },
    text: {
      'en-US': [
        'Quick-Dry Gel Pens, Pack of 10',
        'Smooth gel ink that dries in a second, so left-handers can write without smudging. Ten colours in a reusable case.',
      ],
      'pt-BR': [
        'Canetas de Gel Secagem Rápida, Kit com 10',
        'Tinta gel macia que seca em um segundo, para canhotos escreverem sem borrar. Dez cores em um estojo reutilizável.',
      ],
      'zh-CN': [
        '速干中性笔（10 支装）',
        '顺滑中性墨水一秒速干，左撇子书写也不会蹭花。10 种颜色，附可重复使用的笔袋。',
      ],
      'zh-TW': [
        '速乾中性筆（10 支裝）',
        '滑順中性墨水一秒速乾，左撇子書寫也不會暈開。10 種顏色，附可重複使用的筆袋。',
      ],
    },
  },
  {
    key: 'fountain-pen',
    category: 'pens',
    price: 2999,
    options: { nib: ['fine', 'medium'], color: ['black', 'navy', 'red'] },
    text: {
      'en-US': [
        'Steel Nib Fountain Pen',
        'A well-balanced resin fountain pen with a smooth steel nib and a converter for bottled ink. Two blue cartridges are included to get you started.',
      ],
      'pt-BR': [
        'Caneta-Tinteiro com Pena de Aço',
        'Caneta-tinteiro de resina bem equilibrada, com pena de aço macia e conversor para tinta em frasco. Acompanha dois cartuchos azuis para começar.',
      ],
      'zh-CN': [
        '钢笔尖入门钢笔',
        '树脂笔身重心均衡，钢制笔尖书写顺滑，附上墨器可使用瓶装墨水。另赠两支蓝色墨囊，开箱即写。',
      ],
      'zh-TW': [
        '鋼尖入門鋼筆',
        '樹脂筆身重心均衡，鋼製筆尖書寫滑順，附吸墨器可使用瓶裝墨水。另贈兩支藍色卡水，開箱即寫。',
      ],
    },
  },
  {
    key: 'pastel-highlighters',
    category: 'pens',
    price: 899,
    options: { pack: ['single', 'pack-2'] },
    offShelf: true,
    text: {
      'en-US': [
        'Pastel Highlighters, Set of 6',
        'Soft pastel colours that mark up your notes without drowning out the text. Chisel tips draw broad or fine lines.',
      ],
      'pt-BR': [
        'Marca-Textos Pastel, Kit com 6',
        'Cores pastel suaves que destacam as anotações sem esconder o texto. Ponta chanfrada para traços largos ou finos.',
      ],
      'zh-CN': ['柔和色荧光笔（6 支装）', '柔和马卡龙色，标记笔记不遮盖文字。斜头笔尖，可画粗线也可画细线。'],
      'zh-TW': ['柔和色螢光筆（6 支裝）', '柔和馬卡龍色，標記筆記不遮蓋文字。斜頭筆尖，可畫粗線也可畫細線。'],
    },
  },
  // Toys & games · building sets
  {
    key: 'creative-brick-box',
    category: 'building-sets',
    price: 2999,
    options: { pieces: ['500', '1000'] },
    text: {
      'en-US': [
        'Creative Building Brick Box',
        'Classic bricks in 30 colours, plus wheels, windows and doors for endless builds. The sturdy storage box lid doubles as a base plate; for ages 4 and up.',
      ],
      'pt-BR': [
        'Caixa Criativa de Blocos de Montar',
        'Blocos clássicos em 30 cores, além de rodas, janelas e portas para construir sem parar. A tampa da caixa resistente também serve de base de montagem; a partir de 4 anos.',
      ],
      'zh-CN': [
        '创意积木收纳箱',
        '30 种颜色的经典积木，另有车轮、窗户和门，可自由搭建。结实的收纳箱盖可当底板使用；适合 4 岁及以上。',
      ],
      'zh-TW': [
        '創意積木收納箱',
        '30 種顏色的經典積木，另有車輪、窗戶與門，可自由組合。堅固的收納箱蓋可當底板使用；適合 4 歲以上。',
      ],
    },
  },
  {
    key: 'marble-run',
    category: 'building-sets',
    price: 3999,
    options: { edition: ['standard', 'deluxe'] },
    text: {
      'en-US': [
        'Marble Run Construction Kit',
        'Snap together tracks, funnels and spirals, then race marbles through your own design. A hands-on way to learn about gravity and momentum.',
      ],
      'pt-BR': [
        'Kit de Construção Pista de Bolinhas',
        'Encaixe trilhos, funis e espirais e depois solte as bolinhas no percurso que você mesmo criou. Um jeito prático de aprender sobre gravidade e impulso.',
      ],
      'zh-CN': [
        '弹珠轨道拼搭套装',
        '自由拼接轨道、漏斗和螺旋，让弹珠沿着自己设计的路线飞驰。在动手玩乐中认识重力和动量。',
      ],
      'zh-TW': [
        '彈珠軌道組合套裝',
        '自由拼接軌道、漏斗與螺旋，讓彈珠沿著自己設計的路線飛馳。在動手玩樂中認識重力與動量。',
      ],
    },
  },
  {
    key: 'magnetic-tiles',
    category: 'building-sets',
    price: 4999,
    options: { edition: ['standard', 'deluxe'] },
    text: {
      'en-US': [
        'Magnetic Building Tiles',
        'Translucent magnetic tiles that click together into castles and rockets and cast rainbows of light on the floor. Rounded edges and riveted seams make them safe for little hands.',
      ],
      'pt-BR': [
        'Blocos Magnéticos de Montar',
        'Peças magnéticas translúcidas que se encaixam para formar castelos e foguetes e projetam arco-íris de luz no chão. Bordas arredondadas e costuras rebitadas tornam tudo seguro para mãos pequenas.',
      ],
      'zh-CN': [
        '磁力片积木',
        '透光磁力片一吸即合，可以拼出城堡、火箭，还能在地上投下彩虹般的光影。圆角设计和铆接边缝，小朋友玩得更安全。',
      ],
      'zh-TW': [
        '磁力片積木',
        '透光磁力片一吸即合，可以拼出城堡、火箭，還能在地上映出彩虹般的光影。圓角設計與鉚接邊縫，小朋友玩得更安全。',
      ],
    },
  },
  // Toys & games · puzzles and board games
  {
    key: 'mountain-lake-puzzle',
    category: 'puzzles-games',
    price: 1999,
    options: { pieces: ['500', '1000'] },
    soldOut: true,
    text: {
      'en-US': [
        'Mountain Lake Jigsaw Puzzle',
        'An alpine lake at sunrise, printed on thick recycled board with a linen finish that cuts glare. Precisely cut pieces lock firmly together.',
      ],
      'pt-BR': [
        'Quebra-Cabeça Lago na Montanha',
        'Um lago alpino ao nascer do sol, impresso em papelão reciclado grosso com acabamento de linho que reduz o reflexo. Peças de corte preciso que se encaixam com firmeza.',
      ],
      'zh-CN': [
        '山湖风景拼图',
        '日出时分的高山湖泊，印制于厚实再生纸板，亚麻纹表面减少反光。切割精准，拼块咬合紧密。',
      ],
      'zh-TW': [
        '山湖風景拼圖',
        '日出時分的高山湖泊，印製於厚實再生紙板，亞麻紋表面減少反光。裁切精準，拼片咬合緊密。',
      ],
    },
  },
  {
    key: 'island-traders-game',
    category: 'puzzles-games',
    price: 3999,
    options: { edition: ['standard', 'deluxe'] },
    text: {
      'en-US': [
        'Island Traders Strategy Board Game',
        'Build harbours, trade spices and race rival merchants across a modular island map. For 2–4 players aged 10 and up; a game takes about an hour.',
      ],
      'pt-BR': [
        'Jogo de Tabuleiro Mercadores da Ilha',
        'Construa portos, negocie especiarias e dispute com mercadores rivais em um mapa modular de ilhas. Para 2 a 4 jogadores a partir de 10 anos; cada partida dura cerca de uma hora.',
      ],
      'zh-CN': [
        '海岛商人策略桌游',
        '在可拼接的海岛地图上建造港口、交易香料，与对手商人一较高下。适合 2–4 名 10 岁以上玩家，每局约一小时。',
      ],
      'zh-TW': [
        '海島商人策略桌遊',
        '在可拼接的海島地圖上建造港口、交易香料，與對手商人一較高下。適合 2–4 位 10 歲以上玩家，每局約一小時。',
      ],
    },
  },
  {
    key: 'wooden-chess-set',
    category: 'puzzles-games',
    price: 3499,
    options: { edition: ['standard', 'deluxe'] },
    text: {
      'en-US': [
        'Folding Wooden Chess Set',
        'A walnut and maple board that folds into a box for the hand-carved pieces. Felted bases glide quietly across the squares.',
      ],
      'pt-BR': [
        'Jogo de Xadrez Dobrável de Madeira',
        'Tabuleiro de nogueira e bordo que se dobra e vira caixa para as peças entalhadas à mão. As bases com feltro deslizam silenciosamente pelas casas.',
      ],
      'zh-CN': [
        '折叠实木国际象棋',
        '胡桃木与枫木棋盘，折叠后即成收纳盒，可放入手工雕刻的棋子。棋子底部贴绒，移动安静顺滑。',
      ],
      'zh-TW': [
        '摺疊實木西洋棋',
        '胡桃木與楓木棋盤，摺起來就是收納盒，可放入手工雕刻的棋子。棋子底部貼絨，移動安靜滑順。',
      ],
    },
  },
  // Food & drink · coffee and tea
  {
    key: 'colombian-coffee',
    category: 'coffee-tea',
    price: 1499,
    options: { grind: ['whole-bean', 'ground'], weight: ['250g', '500g'] },
    text: {
      'en-US': [
        'Single-Origin Colombian Coffee',
        'Washed Caturra beans from Huila, medium roasted for notes of red apple, caramel and milk chocolate. Roasted to order and shipped within 48 hours.',
      ],
      'pt-BR': [
        'Café Colombiano de Origem Única',
        'Grãos Caturra lavados de Huila, em torra média com notas de maçã vermelha, caramelo e chocolate ao leite. Torrado sob encomenda e enviado em até 48 horas.',
      ],
      'zh-CN': [
        '哥伦比亚单一产区咖啡',
        '来自薇拉产区的水洗卡杜拉咖啡豆，中度烘焙，带有红苹果、焦糖和牛奶巧克力风味。接单后新鲜烘焙，48 小时内发货。',
      ],
      'zh-TW': [
        '哥倫比亞單一產區咖啡',
        '來自薇拉產區的水洗卡杜拉咖啡豆，中度烘焙，帶有紅蘋果、焦糖與牛奶巧克力風味。接單後新鮮烘焙，48 小時內出貨。',
      ],
    },
  },
  {
    key: 'espresso-blend',
    category: 'coffee-tea',
    price: 1299,
    options: { grind: ['whole-bean', 'ground'], weight: ['250g', '500g', '1kg'] },
    text: {
      'en-US': [
        'House Espresso Blend',
        'A rich blend of Brazilian and Ethiopian beans with a thick crema and notes of dark chocolate and hazelnut. Just as good with milk as on its own.',
      ],
      'pt-BR': [
        'Blend Espresso da Casa',
        'Um blend encorpado de grãos brasileiros e etíopes, com crema espessa e notas de chocolate amargo e avelã. Tão bom com leite quanto puro.',
      ],
      'zh-CN': [
        '招牌意式拼配咖啡豆',
        '巴西与埃塞俄比亚咖啡豆拼配，油脂丰厚，带有黑巧克力和榛果风味。纯饮或加奶都好喝。',
      ],
      'zh-TW': [
        '招牌義式配方咖啡豆',
        '巴西與衣索比亞咖啡豆調配，油脂豐厚，帶有黑巧克力與榛果風味。單喝或加奶都好喝。',
      ],
    },
  },
  {
    key: 'oolong-tea',
    category: 'coffee-tea',
    price: 1999,
    options: { weight: ['100g', '250g'] },
    text: {
      'en-US': [
        'High Mountain Oolong Tea',
        'Hand-rolled oolong from tea gardens 1,500 m above sea level, with a floral aroma and a creamy, lingering sweetness. The leaves can be steeped five times or more.',
      ],
      'pt-BR': [
        'Chá Oolong de Alta Montanha',
        'Oolong enrolado à mão, de plantações a 1.500 m de altitude, com aroma floral e doçura cremosa e persistente. As folhas rendem cinco infusões ou mais.',
      ],
      'zh-CN': [
        '高山乌龙茶',
        '采自海拔 1500 米茶园的手工揉捻乌龙，花香馥郁，回甘绵长。一泡茶叶可冲泡五次以上。',
      ],
      'zh-TW': [
        '高山烏龍茶',
        '採自海拔 1500 公尺茶園的手工揉捻烏龍，花香馥郁，回甘綿長。一泡茶葉可沖泡五次以上。',
      ],
    },
  },
  // Food & drink · snacks
  {
    key: 'mixed-nuts',
    category: 'snacks',
    price: 999,
    options: { flavor: ['sea-salt', 'honey', 'spicy'], weight: ['250g', '500g'] },
    text: {
      'en-US': [
        'Roasted Mixed Nuts',
        'Almonds, cashews, hazelnuts and pecans, slow-roasted in small batches. A resealable pouch keeps them crunchy.',
      ],
      'pt-BR': [
        'Mix de Castanhas Torradas',
        'Amêndoas, castanhas-de-caju, avelãs e pecãs torradas lentamente em pequenos lotes. O pacote com fecho mantém tudo crocante.',
      ],
      'zh-CN': [
        '每日烘焙混合坚果',
        '扁桃仁、腰果、榛子和碧根果，小批量慢火烘焙。自封袋包装，开封后依然香脆。',
      ],
      'zh-TW': ['每日烘焙綜合堅果', '杏仁、腰果、榛果與胡桃，小批量慢火烘焙。夾鏈袋包裝，開封後依然香脆。'],
    },
  },
  {
    key: 'dark-chocolate-bar',
    category: 'snacks',
    price: 399,
    options: { flavor: ['original', 'sea-salt', 'almond'] },
    text: {
      'en-US': [
        '70% Dark Chocolate Bar',
        'Single-origin cacao from Bahia, stone-ground and aged for a smooth, fruity finish. An 80 g bar made without soy lecithin.',
      ],
      'pt-BR': [
        'Barra de Chocolate 70% Cacau',
        'Cacau de origem única da Bahia, moído em pedra e maturado para um final suave e frutado. Barra de 80 g, feita sem lecitina de soja.',
      ],
      'zh-CN': [
        '70% 黑巧克力',
        '单一产地巴西巴伊亚可可，石磨研磨并经熟成，入口顺滑带果香。每块 80 克，不添加大豆卵磷脂。',
      ],
      'zh-TW': [
        '70% 黑巧克力',
        '單一產地巴西巴伊亞可可，石磨研磨並經熟成，入口滑順帶果香。每片 80 公克，不添加大豆卵磷脂。',
      ],
    },
  },
  {
    key: 'seaweed-rice-crackers',
    category: 'snacks',
    price: 499,
    options: { flavor: ['original', 'spicy'], pack: ['single', 'pack-4'] },
    text: {
      'en-US': [
        'Seaweed Rice Crackers',
        'Light, crunchy crackers of baked rice wrapped in roasted seaweed. Baked, never fried, with no artificial flavours.',
      ],
      'pt-BR': [
        'Biscoitos de Arroz com Alga',
        'Biscoitos leves e crocantes de arroz assado envoltos em alga tostada. Assados, nunca fritos, e sem aromatizantes artificiais.',
      ],
      'zh-CN': ['海苔米饼', '烘烤米饼裹上香脆海苔，口感轻盈酥脆。烘烤不油炸，不添加人工香精。'],
      'zh-TW': ['海苔米果', '烘烤米果裹上香脆海苔，口感輕盈酥脆。烘烤不油炸，不添加人工香料。'],
    },
  },
];

# Compiled from ui/tray.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QFormLayout,
    QFrame, QGridLayout, QGroupBox, QHBoxLayout,
    QLabel, QLineEdit, QPushButton, QScrollArea,
    QSizePolicy, QSpacerItem, QSpinBox, QVBoxLayout,
    QWidget)

from harmdesk.qt.gang_slot import GangSlot
from harmdesk.qt.tray_chips import (ChipButton, ReservedLabel)

class Ui_Tray(object):
    def setupUi(self, Tray):
        if not Tray.objectName():
            Tray.setObjectName(u"Tray")
        Tray.resize(320, 760)
        self.trayLayout = QVBoxLayout(Tray)
        self.trayLayout.setObjectName(u"trayLayout")
        self.trayLayout.setContentsMargins(0, 0, 0, 0)
        self.scrollArea = QScrollArea(Tray)
        self.scrollArea.setObjectName(u"scrollArea")
        self.scrollArea.setFrameShape(QFrame.Shape.NoFrame)
        self.scrollArea.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scrollArea.setWidgetResizable(True)
        self.scrollContents = QWidget()
        self.scrollContents.setObjectName(u"scrollContents")
        self.contentsLayout = QVBoxLayout(self.scrollContents)
        self.contentsLayout.setObjectName(u"contentsLayout")
        self.emptyLabel = QLabel(self.scrollContents)
        self.emptyLabel.setObjectName(u"emptyLabel")
        self.emptyLabel.setWordWrap(True)

        self.contentsLayout.addWidget(self.emptyLabel)

        self.damageGroup = QGroupBox(self.scrollContents)
        self.damageGroup.setObjectName(u"damageGroup")
        self.damageLayout = QVBoxLayout(self.damageGroup)
        self.damageLayout.setObjectName(u"damageLayout")
        self.severityBox = QWidget(self.damageGroup)
        self.severityBox.setObjectName(u"severityBox")

        self.damageLayout.addWidget(self.severityBox)

        self.dangersLabel = QLabel(self.damageGroup)
        self.dangersLabel.setObjectName(u"dangersLabel")

        self.damageLayout.addWidget(self.dangersLabel)

        self.dangersBox = QWidget(self.damageGroup)
        self.dangersBox.setObjectName(u"dangersBox")

        self.damageLayout.addWidget(self.dangersBox)

        self.dangersEmpty = QLabel(self.damageGroup)
        self.dangersEmpty.setObjectName(u"dangersEmpty")
        self.dangersEmpty.setWordWrap(True)
        self.dangersEmpty.setEnabled(False)

        self.damageLayout.addWidget(self.dangersEmpty)

        self.typedRow = QHBoxLayout()
        self.typedRow.setObjectName(u"typedRow")
        self.typedLabel = QLabel(self.damageGroup)
        self.typedLabel.setObjectName(u"typedLabel")

        self.typedRow.addWidget(self.typedLabel)

        self.typedEdit = QLineEdit(self.damageGroup)
        self.typedEdit.setObjectName(u"typedEdit")
        self.typedEdit.setClearButtonEnabled(True)

        self.typedRow.addWidget(self.typedEdit)

        self.typedChip = ChipButton(self.damageGroup)
        self.typedChip.setObjectName(u"typedChip")

        self.typedRow.addWidget(self.typedChip)


        self.damageLayout.addLayout(self.typedRow)

        self.typedMessage = QLabel(self.damageGroup)
        self.typedMessage.setObjectName(u"typedMessage")
        self.typedMessage.setTextFormat(Qt.TextFormat.PlainText)
        self.typedMessage.setWordWrap(True)

        self.damageLayout.addWidget(self.typedMessage)


        self.contentsLayout.addWidget(self.damageGroup)

        self.modifiersGroup = QGroupBox(self.scrollContents)
        self.modifiersGroup.setObjectName(u"modifiersGroup")
        self.modifiersLayout = QVBoxLayout(self.modifiersGroup)
        self.modifiersLayout.setObjectName(u"modifiersLayout")
        self.checkMods = QWidget(self.modifiersGroup)
        self.checkMods.setObjectName(u"checkMods")
        self.checkModsLayout = QGridLayout(self.checkMods)
        self.checkModsLayout.setObjectName(u"checkModsLayout")
        self.checkModsLayout.setContentsMargins(0, 0, 0, 0)
        self.piercingLabel = QLabel(self.checkMods)
        self.piercingLabel.setObjectName(u"piercingLabel")

        self.checkModsLayout.addWidget(self.piercingLabel, 0, 0, 1, 1)

        self.piercingSpin = QSpinBox(self.checkMods)
        self.piercingSpin.setObjectName(u"piercingSpin")
        self.piercingSpin.setMaximum(20)

        self.checkModsLayout.addWidget(self.piercingSpin, 0, 1, 1, 1)

        self.xPiercingCheck = QCheckBox(self.checkMods)
        self.xPiercingCheck.setObjectName(u"xPiercingCheck")

        self.checkModsLayout.addWidget(self.xPiercingCheck, 0, 2, 1, 1)

        self.ignoresArmorCheck = QCheckBox(self.checkMods)
        self.ignoresArmorCheck.setObjectName(u"ignoresArmorCheck")

        self.checkModsLayout.addWidget(self.ignoresArmorCheck, 1, 0, 1, 2)

        self.nonLethalCheck = QCheckBox(self.checkMods)
        self.nonLethalCheck.setObjectName(u"nonLethalCheck")

        self.checkModsLayout.addWidget(self.nonLethalCheck, 1, 2, 1, 1)


        self.modifiersLayout.addWidget(self.checkMods)

        self.knockoutMods = QWidget(self.modifiersGroup)
        self.knockoutMods.setObjectName(u"knockoutMods")
        self.knockoutModsLayout = QHBoxLayout(self.knockoutMods)
        self.knockoutModsLayout.setObjectName(u"knockoutModsLayout")
        self.knockoutModsLayout.setContentsMargins(0, 0, 0, 0)
        self.knockoutCheck = QCheckBox(self.knockoutMods)
        self.knockoutCheck.setObjectName(u"knockoutCheck")

        self.knockoutModsLayout.addWidget(self.knockoutCheck)

        self.weakenedCheck = QCheckBox(self.knockoutMods)
        self.weakenedCheck.setObjectName(u"weakenedCheck")

        self.knockoutModsLayout.addWidget(self.weakenedCheck)


        self.modifiersLayout.addWidget(self.knockoutMods)

        self.typeMods = QWidget(self.modifiersGroup)
        self.typeMods.setObjectName(u"typeMods")
        self.typeModsLayout = QFormLayout(self.typeMods)
        self.typeModsLayout.setObjectName(u"typeModsLayout")
        self.typeModsLayout.setContentsMargins(0, 0, 0, 0)
        self.damageTypeLabel = QLabel(self.typeMods)
        self.damageTypeLabel.setObjectName(u"damageTypeLabel")

        self.typeModsLayout.setWidget(0, QFormLayout.ItemRole.LabelRole, self.damageTypeLabel)

        self.damageTypeCombo = QComboBox(self.typeMods)
        self.damageTypeCombo.setObjectName(u"damageTypeCombo")
        self.damageTypeCombo.setEditable(True)
        self.damageTypeCombo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)

        self.typeModsLayout.setWidget(0, QFormLayout.ItemRole.FieldRole, self.damageTypeCombo)

        self.directCheck = QCheckBox(self.typeMods)
        self.directCheck.setObjectName(u"directCheck")

        self.typeModsLayout.setWidget(1, QFormLayout.ItemRole.FieldRole, self.directCheck)

        self.additionalLabel = QLabel(self.typeMods)
        self.additionalLabel.setObjectName(u"additionalLabel")

        self.typeModsLayout.setWidget(2, QFormLayout.ItemRole.LabelRole, self.additionalLabel)

        self.additionalRow = QHBoxLayout()
        self.additionalRow.setObjectName(u"additionalRow")
        self.additionalSpin = QSpinBox(self.typeMods)
        self.additionalSpin.setObjectName(u"additionalSpin")
        self.additionalSpin.setMaximum(99)

        self.additionalRow.addWidget(self.additionalSpin)

        self.additionalTypeCombo = QComboBox(self.typeMods)
        self.additionalTypeCombo.setObjectName(u"additionalTypeCombo")
        self.additionalTypeCombo.setEditable(True)
        self.additionalTypeCombo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        sizePolicy.setHorizontalStretch(1)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.additionalTypeCombo.sizePolicy().hasHeightForWidth())
        self.additionalTypeCombo.setSizePolicy(sizePolicy)

        self.additionalRow.addWidget(self.additionalTypeCombo)


        self.typeModsLayout.setLayout(2, QFormLayout.ItemRole.FieldRole, self.additionalRow)


        self.modifiersLayout.addWidget(self.typeMods)

        self.modifierSummary = ReservedLabel(self.modifiersGroup)
        self.modifierSummary.setObjectName(u"modifierSummary")
        self.modifierSummary.setTextFormat(Qt.TextFormat.PlainText)
        self.modifierSummary.setWordWrap(True)

        self.modifiersLayout.addWidget(self.modifierSummary)


        self.contentsLayout.addWidget(self.modifiersGroup)

        self.healingGroup = QGroupBox(self.scrollContents)
        self.healingGroup.setObjectName(u"healingGroup")
        self.healingLayout = QVBoxLayout(self.healingGroup)
        self.healingLayout.setObjectName(u"healingLayout")
        self.healBox = QWidget(self.healingGroup)
        self.healBox.setObjectName(u"healBox")

        self.healingLayout.addWidget(self.healBox)

        self.healRow = QHBoxLayout()
        self.healRow.setObjectName(u"healRow")
        self.healLabel = QLabel(self.healingGroup)
        self.healLabel.setObjectName(u"healLabel")

        self.healRow.addWidget(self.healLabel)

        self.healEdit = QLineEdit(self.healingGroup)
        self.healEdit.setObjectName(u"healEdit")
        self.healEdit.setClearButtonEnabled(True)

        self.healRow.addWidget(self.healEdit)

        self.healChip = ChipButton(self.healingGroup)
        self.healChip.setObjectName(u"healChip")

        self.healRow.addWidget(self.healChip)


        self.healingLayout.addLayout(self.healRow)

        self.healMessage = QLabel(self.healingGroup)
        self.healMessage.setObjectName(u"healMessage")
        self.healMessage.setTextFormat(Qt.TextFormat.PlainText)
        self.healMessage.setWordWrap(True)

        self.healingLayout.addWidget(self.healMessage)


        self.contentsLayout.addWidget(self.healingGroup)

        self.movesGroup = QGroupBox(self.scrollContents)
        self.movesGroup.setObjectName(u"movesGroup")
        self.movesLayout = QVBoxLayout(self.movesGroup)
        self.movesLayout.setObjectName(u"movesLayout")
        self.movesBox = QWidget(self.movesGroup)
        self.movesBox.setObjectName(u"movesBox")

        self.movesLayout.addWidget(self.movesBox)


        self.contentsLayout.addWidget(self.movesGroup)

        self.conditionsGroup = QGroupBox(self.scrollContents)
        self.conditionsGroup.setObjectName(u"conditionsGroup")
        self.conditionsLayout = QVBoxLayout(self.conditionsGroup)
        self.conditionsLayout.setObjectName(u"conditionsLayout")
        self.conditionsBox = QWidget(self.conditionsGroup)
        self.conditionsBox.setObjectName(u"conditionsBox")

        self.conditionsLayout.addWidget(self.conditionsBox)


        self.contentsLayout.addWidget(self.conditionsGroup)

        self.gangGroup = QGroupBox(self.scrollContents)
        self.gangGroup.setObjectName(u"gangGroup")
        self.gangLayout = QVBoxLayout(self.gangGroup)
        self.gangLayout.setObjectName(u"gangLayout")
        self.gangSlot = GangSlot(self.gangGroup)
        self.gangSlot.setObjectName(u"gangSlot")

        self.gangLayout.addWidget(self.gangSlot)

        self.gangRow = QHBoxLayout()
        self.gangRow.setObjectName(u"gangRow")
        self.gangCombo = QComboBox(self.gangGroup)
        self.gangCombo.setObjectName(u"gangCombo")
        sizePolicy.setHeightForWidth(self.gangCombo.sizePolicy().hasHeightForWidth())
        self.gangCombo.setSizePolicy(sizePolicy)

        self.gangRow.addWidget(self.gangCombo)

        self.gangAddButton = QPushButton(self.gangGroup)
        self.gangAddButton.setObjectName(u"gangAddButton")

        self.gangRow.addWidget(self.gangAddButton)

        self.gangClearButton = QPushButton(self.gangGroup)
        self.gangClearButton.setObjectName(u"gangClearButton")

        self.gangRow.addWidget(self.gangClearButton)

        self.gangRow.setStretch(0, 1)

        self.gangLayout.addLayout(self.gangRow)


        self.contentsLayout.addWidget(self.gangGroup)

        self.bottomSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.contentsLayout.addItem(self.bottomSpacer)

        self.scrollArea.setWidget(self.scrollContents)

        self.trayLayout.addWidget(self.scrollArea)

#if QT_CONFIG(shortcut)
        self.typedLabel.setBuddy(self.typedEdit)
        self.piercingLabel.setBuddy(self.piercingSpin)
        self.damageTypeLabel.setBuddy(self.damageTypeCombo)
        self.additionalLabel.setBuddy(self.additionalSpin)
        self.healLabel.setBuddy(self.healEdit)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(Tray)

        QMetaObject.connectSlotsByName(Tray)
    # setupUi

    def retranslateUi(self, Tray):
#if QT_CONFIG(accessibility)
        Tray.setAccessibleName(QCoreApplication.translate("Tray", u"Tray of chips", None))
#endif // QT_CONFIG(accessibility)
        self.emptyLabel.setText(QCoreApplication.translate("Tray", u"Open a campaign to see its chips.", None))
        self.damageGroup.setTitle(QCoreApplication.translate("Tray", u"Damage", None))
#if QT_CONFIG(accessibility)
        self.severityBox.setAccessibleName(QCoreApplication.translate("Tray", u"Damage dice by severity", None))
#endif // QT_CONFIG(accessibility)
        self.dangersLabel.setText(QCoreApplication.translate("Tray", u"Prepared dangers", None))
#if QT_CONFIG(accessibility)
        self.dangersBox.setAccessibleName(QCoreApplication.translate("Tray", u"Prepared dangers", None))
#endif // QT_CONFIG(accessibility)
        self.dangersEmpty.setText(QCoreApplication.translate("Tray", u"No NPC or monster on the desk has an attack on its sheet.", None))
        self.typedLabel.setText(QCoreApplication.translate("Tray", u"&Typed:", None))
#if QT_CONFIG(tooltip)
        self.typedEdit.setToolTip(QCoreApplication.translate("Tray", u"An amount or dice for a damage chip: 7, d8+3, 7 p1, lose 3. Enter shows what it does to the selected tiles and asks before applying it.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.typedEdit.setAccessibleName(QCoreApplication.translate("Tray", u"Typed damage", None))
#endif // QT_CONFIG(accessibility)
        self.typedEdit.setPlaceholderText(QCoreApplication.translate("Tray", u"7, d8+3, 7 p1", None))
#if QT_CONFIG(tooltip)
        self.typedChip.setToolTip(QCoreApplication.translate("Tray", u"Drag onto tiles to deal the typed damage, or click to see what it does to the selected tiles and apply it.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.typedChip.setAccessibleName(QCoreApplication.translate("Tray", u"Typed damage chip", None))
#endif // QT_CONFIG(accessibility)
        self.typedChip.setText(QCoreApplication.translate("Tray", u"Damage", None))
#if QT_CONFIG(accessibility)
        self.typedMessage.setAccessibleName(QCoreApplication.translate("Tray", u"Typed damage message", None))
#endif // QT_CONFIG(accessibility)
        self.modifiersGroup.setTitle(QCoreApplication.translate("Tray", u"Modifiers for the damage chips", None))
        self.piercingLabel.setText(QCoreApplication.translate("Tray", u"Pie&rcing", None))
#if QT_CONFIG(tooltip)
        self.piercingSpin.setToolTip(QCoreApplication.translate("Tray", u"n piercing: ignore n points of the target's armor. 0 means none.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.piercingSpin.setAccessibleName(QCoreApplication.translate("Tray", u"Piercing", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.xPiercingCheck.setToolTip(QCoreApplication.translate("Tray", u"x piercing: piercing equal to the steading's Prosperity.", None))
#endif // QT_CONFIG(tooltip)
        self.xPiercingCheck.setText(QCoreApplication.translate("Tray", u"&x piercing", None))
#if QT_CONFIG(tooltip)
        self.ignoresArmorCheck.setToolTip(QCoreApplication.translate("Tray", u"The attack ignores armor entirely.", None))
#endif // QT_CONFIG(tooltip)
        self.ignoresArmorCheck.setText(QCoreApplication.translate("Tray", u"&Ignores armor", None))
#if QT_CONFIG(tooltip)
        self.nonLethalCheck.setToolTip(QCoreApplication.translate("Tray", u"Non-lethal damage: at 0 HP the target is out of the action, not dying or dead.", None))
#endif // QT_CONFIG(tooltip)
        self.nonLethalCheck.setText(QCoreApplication.translate("Tray", u"&Non-lethal", None))
#if QT_CONFIG(tooltip)
        self.knockoutCheck.setToolTip(QCoreApplication.translate("Tray", u"Non-lethal damage: dropping to 0 HP knocks out but does not Wound.", None))
#endif // QT_CONFIG(tooltip)
        self.knockoutCheck.setText(QCoreApplication.translate("Tray", u"&Non-lethal", None))
#if QT_CONFIG(tooltip)
        self.weakenedCheck.setToolTip(QCoreApplication.translate("Tray", u"The attacker is Weakened: the rules halve its damage.", None))
#endif // QT_CONFIG(tooltip)
        self.weakenedCheck.setText(QCoreApplication.translate("Tray", u"Attacker &Weakened", None))
        self.damageTypeLabel.setText(QCoreApplication.translate("Tray", u"Damage t&ype", None))
#if QT_CONFIG(tooltip)
        self.damageTypeCombo.setToolTip(QCoreApplication.translate("Tray", u"The Damage Type of the instance (snake_case, such as fire or cold); empty for none.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.damageTypeCombo.setAccessibleName(QCoreApplication.translate("Tray", u"Damage type", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.directCheck.setToolTip(QCoreApplication.translate("Tray", u"Direct Damage is never Blocked.", None))
#endif // QT_CONFIG(tooltip)
        self.directCheck.setText(QCoreApplication.translate("Tray", u"&Direct", None))
        self.additionalLabel.setText(QCoreApplication.translate("Tray", u"Additi&onal", None))
#if QT_CONFIG(tooltip)
        self.additionalSpin.setToolTip(QCoreApplication.translate("Tray", u"Additional Damage added to the same instance; 0 for none.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.additionalSpin.setAccessibleName(QCoreApplication.translate("Tray", u"Additional Damage amount", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.additionalTypeCombo.setToolTip(QCoreApplication.translate("Tray", u"The Additional Damage's own type; empty: the same type as the damage it is added to.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.additionalTypeCombo.setAccessibleName(QCoreApplication.translate("Tray", u"Additional Damage type", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.modifierSummary.setAccessibleName(QCoreApplication.translate("Tray", u"What the modifiers add", None))
#endif // QT_CONFIG(accessibility)
        self.healingGroup.setTitle(QCoreApplication.translate("Tray", u"Healing", None))
#if QT_CONFIG(accessibility)
        self.healBox.setAccessibleName(QCoreApplication.translate("Tray", u"Healing dice", None))
#endif // QT_CONFIG(accessibility)
        self.healLabel.setText(QCoreApplication.translate("Tray", u"Hea&l:", None))
#if QT_CONFIG(tooltip)
        self.healEdit.setToolTip(QCoreApplication.translate("Tray", u"An amount or dice to heal: 4, d6, 2d4+1. Enter shows what it does to the selected tiles and asks before applying it.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.healEdit.setAccessibleName(QCoreApplication.translate("Tray", u"Typed healing", None))
#endif // QT_CONFIG(accessibility)
        self.healEdit.setPlaceholderText(QCoreApplication.translate("Tray", u"4, d6", None))
#if QT_CONFIG(tooltip)
        self.healChip.setToolTip(QCoreApplication.translate("Tray", u"Drag onto tiles to heal the typed amount, or click to see what it does to the selected tiles and apply it.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.healChip.setAccessibleName(QCoreApplication.translate("Tray", u"Typed healing chip", None))
#endif // QT_CONFIG(accessibility)
        self.healChip.setText(QCoreApplication.translate("Tray", u"Heal", None))
#if QT_CONFIG(accessibility)
        self.healMessage.setAccessibleName(QCoreApplication.translate("Tray", u"Typed healing message", None))
#endif // QT_CONFIG(accessibility)
        self.movesGroup.setTitle(QCoreApplication.translate("Tray", u"Moves", None))
#if QT_CONFIG(accessibility)
        self.movesBox.setAccessibleName(QCoreApplication.translate("Tray", u"Moves", None))
#endif // QT_CONFIG(accessibility)
        self.conditionsGroup.setTitle(QCoreApplication.translate("Tray", u"Conditions", None))
#if QT_CONFIG(accessibility)
        self.conditionsBox.setAccessibleName(QCoreApplication.translate("Tray", u"Conditions", None))
#endif // QT_CONFIG(accessibility)
        self.gangGroup.setTitle(QCoreApplication.translate("Tray", u"Gang-up", None))
#if QT_CONFIG(tooltip)
        self.gangSlot.setToolTip(QCoreApplication.translate("Tray", u"Drop monster tiles or danger chips here to gang up; then drag this slot onto the target, or click it to see what it does to the selected tiles and apply it.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.gangSlot.setAccessibleName(QCoreApplication.translate("Tray", u"Gang slot", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.gangCombo.setToolTip(QCoreApplication.translate("Tray", u"A prepared danger to add to the gang.", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.gangCombo.setAccessibleName(QCoreApplication.translate("Tray", u"Attacker to add to the gang", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.gangAddButton.setToolTip(QCoreApplication.translate("Tray", u"Add the chosen danger to the gang (add it again for each extra combatant).", None))
#endif // QT_CONFIG(tooltip)
        self.gangAddButton.setText(QCoreApplication.translate("Tray", u"A&dd", None))
#if QT_CONFIG(tooltip)
        self.gangClearButton.setToolTip(QCoreApplication.translate("Tray", u"Empty the gang slot.", None))
#endif // QT_CONFIG(tooltip)
        self.gangClearButton.setText(QCoreApplication.translate("Tray", u"&Clear", None))
    # retranslateUi

